// EXPECT: TERMINATES safe=yes
// WHY: the list is built acyclic (each new node points to the previous head), so following next reaches null.
public class ListTraversal {
    static class Node {
        int val;
        Node next;
    }

    public static void main(String[] args) {
        Node head = null;
        for (int i = 0; i < args.length; i++) {
            Node node = new Node();
            node.val = args[i].length();
            node.next = head;
            head = node;
        }
        int sum = 0;
        for (Node cur = head; cur != null; cur = cur.next) {
            sum += cur.val;
        }
    }
}
