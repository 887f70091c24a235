// EXPECT: NONTERM args=["a","b"] kind=looping
// WHY: with two or more arguments the last node links back to the head, so the walk never reaches null.
public class NontermCyclicList {
    static class Node {
        Node next;
    }

    public static void main(String[] args) {
        Node head = new Node();
        Node last = head;
        for (int i = 1; i < args.length; i++) {
            last.next = new Node();
            last = last.next;
        }
        if (args.length > 1) {
            last.next = head;
        }
        Node cur = head;
        while (cur != null) {
            cur = cur.next;
        }
    }
}
