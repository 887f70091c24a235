// EXPECT: TERMINATES safe=yes
// WHY: each call hangs the node's children under two new nodes and then recurses into the old children, whose subtrees are smaller.
public class RecWrapChildren {
    static class Tree {
        Tree left;
        Tree right;

        Tree(Tree left, Tree right) {
            this.left = left;
            this.right = right;
        }
    }

    static Tree build(int depth) {
        return depth <= 0 ? null : new Tree(build(depth - 1), build(depth - 2));
    }

    static void wrap(Tree tree) {
        Tree oldLeft = tree.left;
        Tree oldRight = tree.right;
        Tree newLeft = new Tree(null, null);
        newLeft.left = tree.left;
        Tree newRight = new Tree(null, null);
        newRight.right = tree.right;
        tree.left = newLeft;
        tree.right = newRight;
        if (oldLeft != null) {
            wrap(oldLeft);
        }
        if (oldRight != null) {
            wrap(oldRight);
        }
    }

    public static void main(String[] args) {
        Tree tree = build(args.length);
        if (tree != null) {
            wrap(tree);
        }
    }
}
