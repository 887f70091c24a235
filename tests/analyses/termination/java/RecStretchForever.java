// The look-alike of tests/programs/RecWalkLogs.java that never terminates (for args ["a"];
// checked on a JVM: still running after 5 s): the recursion's leaf inserts a new node after
// the node the caller's loop stands on, so the loop over next never reaches null. Not in the
// corpus: the non-termination prover does not prove it (a list that grows).
public class RecStretchForever {
    static class Node {
        Node next;
        Node down;

        void add() {
            Node entry = new Node();
            entry.next = next;
            next = entry;
        }
    }

    static void walk(Node n, Node log) {
        if (n == null) {
            log.add();
            return;
        }
        for (Node cur = n; cur != null; cur = cur.next) {
            walk(cur.down, cur);
        }
    }

    public static void main(String[] args) {
        Node head = null;
        for (int i = 0; i < args.length; i++) {
            Node x = new Node();
            x.next = head;
            x.down = head;
            head = x;
        }
        walk(head, new Node());
    }
}
