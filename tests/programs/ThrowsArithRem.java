// EXPECT: THROWS java.lang.ArithmeticException args=[""]
// WHY: an empty first argument makes the remainder's divisor zero.
public class ThrowsArithRem {
    public static void main(String[] args) {
        if (args.length > 0) {
            int bucket = 7 % args[0].length();
            if (bucket < 0) {
                bucket = -bucket;
            }
        }
    }
}
