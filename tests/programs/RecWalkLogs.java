// EXPECT: TERMINATES
// WHY: walk follows next along a list and recurses into down, which points to a shorter suffix of the same acyclic list; the recursion's leaves only add entries to the log, never a node.
public class RecWalkLogs {
    static class Node {
        Node next;
        Node down;
    }

    static class Log {
        Log next;

        void add() {
            Log entry = new Log();
            entry.next = next;
            next = entry;
        }
    }

    static void walk(Node n, Log log) {
        if (n == null) {
            log.add();
            return;
        }
        for (Node cur = n; cur != null; cur = cur.next) {
            walk(cur.down, log);
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
        walk(head, new Log());
    }
}
