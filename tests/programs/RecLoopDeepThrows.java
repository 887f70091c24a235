// EXPECT: TERMINATES twin=RecLoopDeepens
// WHY: x grows by one per iteration from at most a few, so after finitely many iterations down(x) has x >= 1000, its recursion reaches n == 1000 and throws, ending main.
public class RecLoopDeepThrows {
    static void down(int n) {
        if (n == 1000) {
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
