// EXPECT: NONTERM args=["a"] kind=looping
// WHY: both list variables name the same node, so the write through q restores the value read through p.
public class NontermFieldTwoRefs {
    static class Node {
        int val;
        Node next;
    }

    public static void main(String[] args) {
        Node head = null;
        for (int i = 0; i < args.length; i++) {
            Node node = new Node();
            node.val = 5;
            node.next = head;
            head = node;
        }
        Node p = head;
        Node q = head;
        if (p != null) {
            while (p.val > 0) {
                p.val = p.val - 1;
                q.val = q.val + 1;
            }
        }
    }
}
