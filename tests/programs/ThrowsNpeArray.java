// EXPECT: THROWS java.lang.NullPointerException args=["a","b"]
// WHY: two or more arguments select the null array, and storing into it throws.
public class ThrowsNpeArray {
    public static void main(String[] args) {
        int[] data = args.length > 1 ? null : new int[3];
        data[0] = args.length;
    }
}
