// Does not terminate when the tree has a left child: the rebuilt root has the same shape
// ((s, t), u) as before, so no norm of the tree decreases (a look-alike of RotateTree).
public class RebuildTree {
    RebuildTree left, right;

    RebuildTree(RebuildTree l, RebuildTree r) {
        left = l;
        right = r;
    }

    static RebuildTree build(int n) {
        RebuildTree t = null;
        for (int i = 0; i < n; i++) {
            t = (i % 2 == 0) ? new RebuildTree(t, null) : new RebuildTree(null, t);
        }
        return t;
    }

    static int flatten(RebuildTree start) {
        int leaves = 0;
        while (start != null) {
            if (start.left == null) {
                leaves++;
                start = start.right;
            } else {
                RebuildTree s = start.left.left;
                RebuildTree t = start.left.right;
                RebuildTree u = start.right;
                start = new RebuildTree(new RebuildTree(s, t), u);
            }
        }
        return leaves;
    }

    public static void main(String[] args) {
        flatten(build(args.length));
    }
}
