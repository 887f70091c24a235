// EXPECT: TERMINATES safe=yes
// WHY: copy() returns a list as long as its receiver, so resetting y to a copy of the non-zero z makes y non-zero; every other call shrinks x.
public class RecCopyDiv {
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
            return 1 + div(x.copy(), z.copy(), z.copy());
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
