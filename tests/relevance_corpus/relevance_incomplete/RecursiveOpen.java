// FOR: all
// WHY: fact is recursive; the relevance analysis does not follow call contexts, so the graph is cut (incomplete) at its recursive call. run, fact and every
// method they call may run in the unexplored part, so nothing there may be reported: unused and
// dead are irrelevant in truth, but the graph does not prove it.
public class RecursiveOpen {
    static int fact(int n) {
        if (n <= 1) {
            return 1;
        }
        int unused = n + 7;
        return n * fact(n - 1);
    }

    static int half(int n) {
        int dead = n * 3;
        return n / 2;
    }

    public static int run(int n) {
        int m = half(n);
        return fact(m);
    }
}
