// EXPECT: THROWS java.lang.IllegalStateException args=["abc","abc"]
// WHY: the explicit throw happens when the argument lengths sum to more than 5.
public class ThrowsIllegalStateAfterLoop {
    public static void main(String[] args) {
        int total = 0;
        for (int i = 0; i < args.length; i++) {
            total += args[i].length();
        }
        if (total > 5) {
            throw new IllegalStateException("too long");
        }
    }
}
