// EXPECT: TERMINATES safe=yes twin=NontermCyclicList
// WHY: the list may be cyclic, but the walk also counts steps and stops after args.length of them.
public class CyclicListBounded {
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
        int steps = 0;
        while (cur != null && steps < args.length) {
            cur = cur.next;
            steps++;
        }
    }
}
