// EXPECT: TERMINATES safe=yes
// WHY: spine(x) rotates left children to the right until none is left, so its result has no left child and length recurses on it only down the right spine; spine itself ends because each rotation shrinks the tree counted with left children weighing double.
public class RecSpineLength {
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
            return new T(null, spine(x.right));
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
