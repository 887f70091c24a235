// EXPECT: TERMINATES safe=yes
// WHY: each round drops the root and hangs its right subtree under the rightmost node of its left one, so the tree loses one node per round.
public class DropRoots {
    DropRoots left, right;

    static DropRoots build(int n) {
        if (n <= 0) {
            return null;
        }
        DropRoots node = new DropRoots();
        node.left = build(n - 1);
        node.right = build(n - 2);
        return node;
    }

    static DropRoots hang(DropRoots under, DropRoots tree) {
        if (under == null) {
            return tree;
        }
        DropRoots last = under;
        while (last.right != null) {
            last = last.right;
        }
        last.right = tree;
        return under;
    }

    static int count(DropRoots t) {
        int rounds = 0;
        while (t != null) {
            t = hang(t.left, t.right);
            rounds++;
        }
        return rounds;
    }

    public static void main(String[] args) {
        count(build(args.length));
    }
}
