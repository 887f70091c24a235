// EXPECT: TERMINATES
// WHY: x grows by one per iteration from at most a few, so down(x) is first called with x = 1001 after finitely many iterations and throws there, ending main (deeper calls get n <= 999).
public class RecLoopDeepGuard {
    static void down(int n) {
        if (n > 1000) {
            throw new IllegalStateException("too deep");
        }
        if (n > 0) {
            down(n - 1);
        }
    }

    public static void main(String[] args) {
        int x = args.length;
        while (x > 0) {
            down(x);
            x = x + 1;
        }
    }
}
