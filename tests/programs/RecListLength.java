// EXPECT: TERMINATES safe=yes
// WHY: the recursion follows next along an acyclic list of args.length nodes, one call per node.
public class RecListLength {
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
        length(head);
    }
}
