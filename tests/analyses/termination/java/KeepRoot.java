// Terminates (the tree loses its root every round), but the dropped root stays reachable
// from a static field, so its right subtree is held twice — by the old root and by the
// rightmost node of the left subtree: the heap is no forest, and the check must say so.
public class KeepRoot {
    static KeepRoot saved;
    KeepRoot left, right;

    static KeepRoot build(int n) {
        if (n <= 0) {
            return null;
        }
        KeepRoot node = new KeepRoot();
        node.left = build(n - 1);
        node.right = build(n - 2);
        return node;
    }

    static KeepRoot hang(KeepRoot under, KeepRoot tree) {
        if (under == null) {
            return tree;
        }
        KeepRoot last = under;
        while (last.right != null) {
            last = last.right;
        }
        last.right = tree;
        return under;
    }

    public static void main(String[] args) {
        KeepRoot t = build(args.length);
        while (t != null) {
            saved = t;
            t = hang(t.left, t.right);
        }
    }
}
