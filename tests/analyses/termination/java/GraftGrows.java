// Look-alike of tests/programs/RecGraftDrain: graft(null, y) builds a new node above y, so
// graft(x, y) has one node more than x and y together and drain(t) recurses on a tree as
// large as t forever (args = ["a"]: t is one node, graft(null, null) is one node again).
public class GraftGrows {
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
            return new T(y, null);
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
