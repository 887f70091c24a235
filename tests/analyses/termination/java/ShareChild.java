// One node is both children of the root: a DAG, not a tree (count still terminates).
public class ShareChild {
    static class Tree {
        Tree left;
        Tree right;
    }

    static int count(Tree tree) {
        return tree == null ? 0 : 1 + count(tree.left) + count(tree.right);
    }

    public static void main(String[] args) {
        Tree shared = new Tree();
        Tree root = new Tree();
        root.left = shared;
        root.right = shared;
        count(root);
    }
}
