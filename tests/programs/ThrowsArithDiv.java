// EXPECT: THROWS java.lang.ArithmeticException args=["a"]
// WHY: exactly one argument makes the divisor args.length - 1 zero.
public class ThrowsArithDiv {
    public static void main(String[] args) {
        int divisor = args.length - 1;
        int share = 100 / divisor;
        if (share > 10) {
            share = 10;
        }
    }
}
