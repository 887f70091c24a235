// EXPECT: TERMINATES safe=yes twin=RecDropNone
// WHY: drop(n, k) returns a suffix of n, so chunks recurses on a suffix of node.next: a shorter acyclic list each time.
public class RecDropChunks {
    static class Node {
        final Node next;

        Node(Node next) {
            this.next = next;
        }
    }

    static Node drop(Node node, int count) {
        return node == null || count <= 0 ? node : drop(node.next, count - 1);
    }

    static int chunks(Node node) {
        return node == null ? 0 : 1 + chunks(drop(node.next, 2));
    }

    public static void main(String[] args) {
        Node list = null;
        for (int i = 0; i < args.length; i++) {
            list = new Node(list);
        }
        chunks(list);
    }
}
