// EXPECT: TERMINATES safe=yes
// WHY: mirror swaps the children of each node of a finite tree and recurses into both, one call per node.
public class RecTreeMirror {
    static class Tree {
        Tree left;
        Tree right;
    }

    static Tree build(int depth) {
        Tree tree = new Tree();
        if (depth > 0) {
            tree.left = build(depth - 1);
            tree.right = build(depth - 2);
        }
        return tree;
    }

    static void mirror(Tree tree) {
        if (tree == null) {
            return;
        }
        Tree left = tree.left;
        tree.left = tree.right;
        tree.right = left;
        mirror(tree.left);
        mirror(tree.right);
    }

    public static void main(String[] args) {
        mirror(build(Math.min(args.length, 6)));
    }
}
