// FOR: value,exceptions
// WHY: the look-alike of ValueIgnoresThrowingLoop with exceptions in the result: whether the
// loop runs its division decides whether ArithmeticException is thrown; only the store of the
// quotient is irrelevant.
public class ExceptionsKeepThrowingLoop {
    public static int run(int n, int d) {
        for (int i = 0; i < n; i++) {
            int q = 100 / d; // IRRELEVANT[dead-store]
        }
        return n + 1;
    }
}
