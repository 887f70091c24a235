// EXPECT: TERMINATES safe=yes
// WHY: insertion descends a finite tree; the depth search pops each of the n nodes once, so its stack never exceeds n.
public class TreeDepthIterative {
    static class Tree {
        int key;
        Tree left;
        Tree right;
    }

    public static void main(String[] args) {
        Tree root = null;
        for (int i = 0; i < args.length; i++) {
            Tree node = new Tree();
            node.key = args[i].length();
            Tree cur = root;
            while (cur != null && cur != node) {
                Tree child = node.key < cur.key ? cur.left : cur.right;
                if (child == null) {
                    if (node.key < cur.key) { cur.left = node; } else { cur.right = node; }
                    child = node;
                }
                cur = child;
            }
            if (root == null) { root = node; }
        }
        Tree[] stack = new Tree[args.length + 1];
        int[] depth = new int[args.length + 1];
        int top = 0;
        int max = 0;
        if (root != null) { stack[0] = root; depth[0] = 1; top = 1; }
        while (top > 0) {
            top--;
            Tree t = stack[top];
            int d = depth[top];
            max = Math.max(max, d);
            if (t.left != null) { stack[top] = t.left; depth[top] = d + 1; top++; }
            if (t.right != null) { stack[top] = t.right; depth[top] = d + 1; top++; }
        }
    }
}
