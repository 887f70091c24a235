// EXPECT: TERMINATES safe=yes twin=RecLengthsShrink
// WHY: the loop walks an acyclic list once; the recursive length(node) it calls only reads the list, so the list is unchanged after each call.
public class RecLengthsLoop {
    static class Node {
        Node next;
    }

    static int length(Node node) {
        return node == null ? 0 : 1 + length(node.next);
    }

    public static void main(String[] args) {
        Node head = null;
        for (int i = 0; i < args.length; i++) {
            Node node = new Node();
            node.next = head;
            head = node;
        }
        int total = 0;
        Node node = head;
        while (node != null) {
            total += length(node);
            node = node.next;
        }
    }
}
