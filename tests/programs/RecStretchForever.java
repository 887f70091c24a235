// EXPECT: NONTERM args=["a"] kind=nonlooping twin=RecWalkLogs
// WHY: the recursion's leaf inserts a new node after the node the loop stands on (the caller passes cur), so the loop over next meets a new node at every step and never reaches null.
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
