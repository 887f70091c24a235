// A tree grown by a loop from the arguments' lengths, then rotated right at the root until
// the root has no left child: each rotation hangs the left child's left subtree directly
// under the root, so the root's leftmost path loses one node per turn. Terminates (and
// throws NullPointerException when there is no argument: the tree is null).
public class RotateLeftSpine {
    static class Node {
        Node left;
        Node right;
    }

    static Node grow(String[] args) {
        if (args.length == 0) {
            return null;
        }
        Node root = new Node();
        Node at = root;
        for (int k = 1; k < args.length; k++) {
            boolean toLeft = args[k].length() % 2 == 0;
            Node next = toLeft ? at.left : at.right;
            if (next != null) {
                at = next;
            } else if (toLeft) {
                at.left = new Node();
                at = root;
            } else {
                at.right = new Node();
                at = root;
            }
        }
        return root;
    }

    public static void main(String[] args) {
        Node root = grow(args);
        int turns = 0;
        while (root.left != null) {
            Node pivot = root.left;
            Node outer = pivot.left;
            Node inner = pivot.right;
            Node right = root.right;
            root.right = pivot;
            pivot.right = right;
            pivot.left = inner;
            root.left = outer;
            turns++;
        }
    }
}
