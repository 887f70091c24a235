// Look-alike of tests/programs/RecMirrorBuilt.java that does not terminate: on args []
// the JVM ends with StackOverflowError. The root is hung under itself before mirroring: mirror follows the cycle root.left = root forever.
public class RecMirrorLooped {
    static class Tree {
        Tree left;
        Tree right;
    }

    static Tree build(String[] args) {
        Tree root = new Tree();
        Tree at = root;
        for (int i = 0; i < args.length; i++) {
            if (args[i].length() % 2 == 0) {
                if (at.left == null) {
                    at.left = new Tree();
                    at = root;
                } else {
                    at = at.left;
                }
            } else if (at.right == null) {
                at.right = new Tree();
                at = root;
            } else {
                at = at.right;
            }
        }
        return root;
    }

    static void mirror(Tree tree) {
        if (tree != null) {
            Tree left = tree.left;
            tree.left = tree.right;
            tree.right = left;
            mirror(tree.left);
            mirror(tree.right);
        }
    }

    public static void main(String[] args) {
        Tree root = build(args);
        root.right = root;
        mirror(root);
    }
}
