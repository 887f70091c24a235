// EXPECT: NONTERM args=["a"] kind=nonlooping stackoverflow=yes twin=RecCopyShrinks
// WHY: append(n) returns a list one node longer than n, so count recurses on a list as long as its own and never reaches null.
public class RecAppendKeeps {
    static class Node {
        final Node next;

        Node(Node next) {
            this.next = next;
        }
    }

    static Node append(Node node) {
        return node == null ? new Node(null) : new Node(append(node.next));
    }

    static int count(Node node) {
        return node == null ? 0 : 1 + count(append(node.next));
    }

    public static void main(String[] args) {
        Node list = null;
        for (int i = 0; i < args.length; i++) {
            list = new Node(list);
        }
        count(list);
    }
}
