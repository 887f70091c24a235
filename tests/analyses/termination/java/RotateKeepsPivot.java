// RotateLeftSpine with its last line wrong: the root keeps the pivot as its left child
// (now held by both of the root's fields), so root.left never becomes null once it was set:
// with two arguments of even length (a left child) it runs forever.
public class RotateKeepsPivot {
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
        while (root.left != null) {
            Node pivot = root.left;
            Node inner = pivot.right;
            Node right = root.right;
            root.right = pivot;
            pivot.right = right;
            pivot.left = inner;
            root.left = pivot;
        }
    }
}
