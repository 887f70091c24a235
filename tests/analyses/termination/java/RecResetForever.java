// Look-alike of tests/programs/RecResetCount.java that does not terminate: on args []
// the JVM ends with StackOverflowError. Without the check that z is not zero, a zero y is reset to the zero z again and again, x unchanged: unbounded recursion.
public class RecResetForever {
    static class Nat {
        Nat pred;

        Nat(int n) {
            if (n > 0) {
                pred = new Nat(n - 1);
            }
        }
    }

    static int div(Nat x, Nat y, Nat z) {
        if (y.pred == null) {
            return 1 + div(x, z, z);
        }
        if (x.pred == null) {
            return 0;
        }
        return div(x.pred, y.pred, z);
    }

    public static void main(String[] args) {
        Nat y = new Nat(args.length);
        div(new Nat(args.length > 0 ? args[0].length() : 3), y, y);
    }
}
