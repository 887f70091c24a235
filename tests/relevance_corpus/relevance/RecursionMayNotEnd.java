// FOR: value,termination
// WHY: the look-alike of RecursionUnusedValue with termination in the result: for odd n spin
// never ends, so its test and its recursive call decide termination, and so does the call of
// spin in run: nothing is irrelevant.
public class RecursionMayNotEnd {
    static void spin(int n) {
        if (n != 0) {
            spin(n - 2);
        }
    }

    public static int run(int n) {
        spin(n);
        return n + 1;
    }
}
