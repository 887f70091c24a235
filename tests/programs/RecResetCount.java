// EXPECT: TERMINATES safe=yes
// WHY: a call either shrinks x or, when y is zero, resets y to z, which is not zero; the call after a reset shrinks x or returns.
public class RecResetCount {
    static class Nat {
        Nat pred;

        Nat(int n) {
            if (n > 0) {
                pred = new Nat(n - 1);
            }
        }
    }

    static int div(Nat x, Nat y, Nat z) {
        if (z.pred == null) {
            return 0;
        }
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
