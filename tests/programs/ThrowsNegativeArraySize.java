// EXPECT: THROWS java.lang.NegativeArraySizeException args=["a"]
// WHY: fewer than three arguments make the size args.length - 3 negative.
public class ThrowsNegativeArraySize {
    public static void main(String[] args) {
        int[] rest = new int[args.length - 3];
        for (int i = 0; i < rest.length; i++) {
            rest[i] = args[i + 3].length();
        }
    }
}
