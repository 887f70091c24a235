// EXPECT: THROWS java.lang.IllegalStateException args=["a","b","c"]
// WHY: exactly three arguments reach the explicit throw.
public class ThrowsIllegalState {
    public static void main(String[] args) {
        if (args.length == 3) {
            throw new IllegalStateException("three arguments");
        }
    }
}
