// Look-alike of tests/programs/RecSpineLength: spine gives every node of the right spine a
// new left leaf, so its result always has a left child and length(x) calls length(spine(x))
// on ever larger trees, forever, once the tree has a left child (args = ["a", "bb"]).
public class SpineSprouts {
    static class T {
        final T left;
        final T right;

        T(T left, T right) {
            this.left = left;
            this.right = right;
        }
    }

    static T spine(T x) {
        if (x == null) {
            return null;
        }
        if (x.left == null) {
            return new T(new T(null, null), spine(x.right));
        }
        return spine(new T(x.left.left, new T(x.left.right, x.right)));
    }

    static int length(T x) {
        if (x == null) {
            return 0;
        }
        if (x.left == null) {
            return 1 + length(x.right);
        }
        return length(spine(x));
    }

    public static void main(String[] args) {
        T t = null;
        for (int i = 0; i < args.length; i++) {
            t = args[i].length() > 1 ? new T(t, null) : new T(null, t);
        }
        length(t);
    }
}
