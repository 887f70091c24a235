// EXPECT: TERMINATES safe=yes
// WHY: graft(x, y) hangs y below the leftmost node of x and builds one node per node it leaves, so it has as many nodes as x and y together; drain recurses on graft(t.left, t.right), one node fewer than t.
public class RecGraftDrain {
    static class T {
        final T left;
        final T right;

        T(T left, T right) {
            this.left = left;
            this.right = right;
        }
    }

    static T graft(T x, T y) {
        if (x == null) {
            return y;
        }
        return new T(graft(x.left, y), x.right);
    }

    static int drain(T t) {
        if (t == null) {
            return 0;
        }
        return 1 + drain(graft(t.left, t.right));
    }

    public static void main(String[] args) {
        T t = null;
        for (int i = 0; i < args.length; i++) {
            t = new T(t, args[i].length() > 1 ? new T(null, t) : null);
        }
        drain(t);
    }
}
