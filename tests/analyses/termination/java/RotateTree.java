// Terminates: each round either drops the root (left is null) or rotates the left child up
// (t = (s, (t, u)) from ((s, t), u)); the longest path need not shrink, the term size with
// left weighted 2 does.  Shared subtrees are allowed (the tree from args may be a DAG).
public class RotateTree {
    RotateTree left, right;

    RotateTree(RotateTree l, RotateTree r) {
        left = l;
        right = r;
    }

    static RotateTree build(int n) {
        RotateTree t = null;
        for (int i = 0; i < n; i++) {
            t = (i % 2 == 0) ? new RotateTree(t, null) : new RotateTree(null, t);
        }
        return t;
    }

    static int flatten(RotateTree start) {
        int leaves = 0;
        while (start != null) {
            if (start.left == null) {
                leaves++;
                start = start.right;
            } else {
                RotateTree s = start.left.left;
                RotateTree t = start.left.right;
                RotateTree u = start.right;
                start = new RotateTree(s, new RotateTree(t, u));
            }
        }
        return leaves;
    }

    public static void main(String[] args) {
        flatten(build(args.length));
    }
}
