// EXPECT: TERMINATES safe=yes twin=RecAppendKeeps
// WHY: copy(n) returns a list no longer than n, so count recurses on a list one node shorter each time.
public class RecCopyShrinks {
    static class Node {
        final Node next;

        Node(Node next) {
            this.next = next;
        }
    }

    static Node copy(Node node) {
        return node == null ? null : new Node(copy(node.next));
    }

    static int count(Node node) {
        return node == null ? 0 : 1 + count(copy(node.next));
    }

    public static void main(String[] args) {
        Node list = null;
        for (int i = 0; i < args.length; i++) {
            list = new Node(list);
        }
        count(list);
    }
}
