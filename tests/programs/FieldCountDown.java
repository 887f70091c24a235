// EXPECT: TERMINATES safe=yes twin=NontermFieldAlias
// WHY: each node's val only decreases while positive, and the walk then moves to the next node of an acyclic list.
public class FieldCountDown {
    static class Node {
        int val;
        Node next;
    }

    static Node build(String[] args) {
        Node head = null;
        for (int i = 0; i < args.length; i++) {
            Node node = new Node();
            node.val = args[i].length();
            node.next = head;
            head = node;
        }
        return head;
    }

    public static void main(String[] args) {
        Node cur = build(args);
        while (cur != null) {
            if (cur.val > 0) {
                cur.val--;
            } else {
                cur = cur.next;
            }
        }
    }
}
