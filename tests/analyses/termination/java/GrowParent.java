// Look-alike of tests/programs/RecMirrorBuilt.java whose calls write their caller's node: each
// call hangs a new two-node chain under its parent's right, and the caller then visits that
// right child: the JVM ends with StackOverflowError on args [].
public class GrowParent {
    static class Tree {
        Tree left;
        Tree right;

        Tree(Tree left, Tree right) {
            this.left = left;
            this.right = right;
        }
    }

    static void walk(Tree tree, Tree parent) {
        if (tree == null) {
            return;
        }
        parent.right = new Tree(new Tree(null, null), null);
        walk(tree.left, tree);
        walk(tree.right, tree);
    }

    public static void main(String[] args) {
        walk(new Tree(new Tree(null, null), null), new Tree(null, null));
    }
}
