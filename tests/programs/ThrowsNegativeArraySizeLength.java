// EXPECT: THROWS java.lang.NegativeArraySizeException args=["a","bb","ccc"]
// WHY: the size is the first length minus the argument count, negative when the first string is short.
public class ThrowsNegativeArraySizeLength {
    public static void main(String[] args) {
        if (args.length > 0) {
            char[] buffer = new char[args[0].length() - args.length];
            if (buffer.length > 0) {
                buffer[0] = 'x';
            }
        }
    }
}
