// Look-alike of tests/programs/RecWrapChildren.java that does not terminate: on args ["a","b"]
// the JVM ends with StackOverflowError. The recursion goes into the new node that now holds the old left child, which gets a new node again: it never reaches a leaf.
public class RecWrapForever {
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
            wrap(tree.left);
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
