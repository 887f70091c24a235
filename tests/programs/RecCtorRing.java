// EXPECT: NONTERM args=[] kind=looping twin=RecCtorChain
// WHY: the constructor passes the first node down and the last node points back to it, so the walk along next never reaches null.
public class RecCtorRing {
    static class Node {
        final Node next;

        Node(int n, Node first) {
            Node start = first == null ? this : first;
            next = n > 0 ? new Node(n - 1, start) : start;
        }
    }

    public static void main(String[] args) {
        Node node = new Node(args.length, null);
        int length = 0;
        while (node != null) {
            node = node.next;
            length++;
        }
    }
}
