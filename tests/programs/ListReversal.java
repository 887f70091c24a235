// EXPECT: TERMINATES safe=yes
// WHY: in-place reversal moves one node per step from the acyclic rest (cur) to the reversed part, then a walk counts it.
public class ListReversal {
    static class Node {
        Node next;
    }

    public static void main(String[] args) {
        Node head = null;
        for (int i = 0; i < args.length; i++) {
            Node node = new Node();
            node.next = head;
            head = node;
        }
        Node reversed = null;
        Node cur = head;
        while (cur != null) {
            Node rest = cur.next;
            cur.next = reversed;
            reversed = cur;
            cur = rest;
        }
        int count = 0;
        for (Node p = reversed; p != null; p = p.next) {
            count++;
        }
    }
}
