// EXPECT: TERMINATES safe=yes twin=ThrowsArithDiv
// WHY: the division is skipped when the divisor is zero.
public class SafeDivGuard {
    public static void main(String[] args) {
        int divisor = args.length - 1;
        int share = 0;
        if (divisor != 0) {
            share = 100 / divisor;
        }
        if (share > 10) {
            share = 10;
        }
    }
}
