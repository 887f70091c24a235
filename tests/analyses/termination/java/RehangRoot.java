// Runs forever for every non-empty tree: each round detaches the root's right subtree and
// hangs the rest of the tree under that subtree's rightmost node (a root without a right
// subtree stays the root), so every node stays in the tree and the loop never sees null.
// The heap stays a forest, but no size decreases: the forest rules must not make this YES.
public class RehangRoot {
    RehangRoot left, right;

    static RehangRoot build(int n) {
        if (n <= 0) {
            return null;
        }
        RehangRoot node = new RehangRoot();
        node.left = build(n - 1);
        node.right = build(n - 2);
        return node;
    }

    static RehangRoot hang(RehangRoot under, RehangRoot tree) {
        if (under == null) {
            return tree;
        }
        RehangRoot last = under;
        while (last.right != null) {
            last = last.right;
        }
        last.right = tree;
        return under;
    }

    static int spin(RehangRoot t) {
        int rounds = 0;
        while (t != null) {
            RehangRoot rest = t.right;
            t.right = null;
            t = hang(rest, t);
            rounds++;
        }
        return rounds;
    }

    public static void main(String[] args) {
        spin(build(args.length));
    }
}
