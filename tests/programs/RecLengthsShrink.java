// EXPECT: NONTERM args=["a","b"] kind=looping twin=RecLengthsLoop
// WHY: the recursive close(node) makes the last node point back to the first, so the walk after it along next never reaches null.
public class RecLengthsShrink {
    static class Node {
        Node next;
    }

    static Node close(Node first, Node node) {
        if (node.next == null) {
            node.next = first;
            return first;
        }
        return close(first, node.next);
    }

    public static void main(String[] args) {
        Node head = null;
        for (int i = 0; i < args.length; i++) {
            Node node = new Node();
            node.next = head;
            head = node;
        }
        Node node = head;
        if (node != null) {
            close(node, node);
        }
        while (node != null) {
            node = node.next;
        }
    }
}
