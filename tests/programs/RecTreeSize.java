// EXPECT: TERMINATES safe=yes
// WHY: insert descends one level per call in a finite tree; size visits each node of the finite tree once.
public class RecTreeSize {
    static class Tree {
        int key;
        Tree left;
        Tree right;

        Tree(int key) {
            this.key = key;
        }
    }

    static Tree insert(Tree tree, int key) {
        if (tree == null) {
            return new Tree(key);
        }
        if (key < tree.key) {
            tree.left = insert(tree.left, key);
        } else {
            tree.right = insert(tree.right, key);
        }
        return tree;
    }

    static int size(Tree tree) {
        return tree == null ? 0 : 1 + size(tree.left) + size(tree.right);
    }

    public static void main(String[] args) {
        Tree tree = null;
        for (int i = 0; i < args.length; i++) {
            tree = insert(tree, args[i].length());
        }
        size(tree);
    }
}
