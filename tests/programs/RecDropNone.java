// EXPECT: NONTERM args=["a"] kind=looping stackoverflow=yes twin=RecDropChunks
// WHY: drop(node, 0) returns node itself, so chunks calls itself on the same non-empty list forever.
public class RecDropNone {
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
        return node == null ? 0 : 1 + chunks(drop(node, 0));
    }

    public static void main(String[] args) {
        Node list = null;
        for (int i = 0; i < args.length; i++) {
            list = new Node(list);
        }
        chunks(list);
    }
}
