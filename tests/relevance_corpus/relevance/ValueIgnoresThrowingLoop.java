// FOR: value
// WHY: the division may throw (d = 0), but a run that throws returns no value to compare: for
// the returned value alone the loop and its division are irrelevant (termination is not asked).
public class ValueIgnoresThrowingLoop {
    public static int run(int n, int d) {
        for (int i = 0; i < n; i++) { // IRRELEVANT
            int q = 100 / d; // IRRELEVANT
        }
        return n + 1;
    }
}
