// The mirror image of RotateLeftSpine, with the tree grown by an inner walk per argument:
// rotations at the root to the left until it has no right child; the root's rightmost path
// loses one node per turn. Terminates.
public class RotateRightSpine {
    static class Node {
        Node left;
        Node right;
    }

    static Node grow(String[] args) {
        Node root = new Node();
        for (String arg : args) {
            Node at = root;
            int steps = arg.length();
            while (steps > 1) {
                Node next = steps % 2 == 0 ? at.right : at.left;
                if (next == null) {
                    break;
                }
                at = next;
                steps = steps / 2;
            }
            if (steps % 2 == 0 && at.right == null) {
                at.right = new Node();
            } else if (at.left == null) {
                at.left = new Node();
            }
        }
        return root;
    }

    public static void main(String[] args) {
        Node root = grow(args);
        while (root.right != null) {
            Node pivot = root.right;
            Node outer = pivot.right;
            Node inner = pivot.left;
            Node left = root.left;
            root.left = pivot;
            pivot.left = left;
            pivot.right = inner;
            root.right = outer;
        }
    }
}
