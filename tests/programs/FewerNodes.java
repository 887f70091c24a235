// EXPECT: TERMINATES safe=yes
// WHY: both trees lose their root in every round (the right subtree goes under the left one's rightmost node), and the loop stops when either is empty.
public class FewerNodes {
    FewerNodes left, right;

    FewerNodes(FewerNodes left, FewerNodes right) {
        this.left = left;
        this.right = right;
    }

    static FewerNodes grow(int n) {
        if (n <= 0) {
            return null;
        }
        return new FewerNodes(grow(n - 1), grow(n - 2));
    }

    static FewerNodes join(FewerNodes a, FewerNodes b) {
        if (a == null) {
            return b;
        }
        FewerNodes t = a;
        while (t.right != null) {
            t = t.right;
        }
        t.right = b;
        return a;
    }

    static boolean fewer(FewerNodes x, FewerNodes y) {
        while (x != null && y != null) {
            x = join(x.left, x.right);
            y = join(y.left, y.right);
        }
        return x == null && y != null;
    }

    public static void main(String[] args) {
        fewer(grow(args.length), grow(args.length + 1));
    }
}
