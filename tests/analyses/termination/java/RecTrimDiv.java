// Look-alike of tests/programs/RecCopyDiv.java that does not terminate: on args []
// the JVM ends with StackOverflowError. Y is reset to a copy of z without its first node; for z of length one that is zero again, x stays zero: unbounded recursion.
public class RecTrimDiv {
    static class Nat {
        Nat pred;

        Nat copy() {
            Nat result = new Nat();
            if (pred != null) {
                result.pred = pred.copy();
            }
            return result;
        }
    }

    static Nat nat(int n) {
        Nat result = new Nat();
        for (int i = 0; i < n; i++) {
            Nat next = new Nat();
            next.pred = result;
            result = next;
        }
        return result;
    }

    static int div(Nat x, Nat y, Nat z) {
        if (z.pred == null) {
            return 0;
        }
        if (y.pred == null) {
            return 1 + div(x.copy(), z.pred.copy(), z.copy());
        }
        if (x.pred == null) {
            return 0;
        }
        return div(x.pred.copy(), y.pred.copy(), z);
    }

    public static void main(String[] args) {
        Nat y = nat(1 + args.length);
        div(nat(1), y, y);
    }
}
