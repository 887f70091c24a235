// EXPECT: TERMINATES safe=yes twin=ThrowsNpeThroughLoop
// WHY: the walk stops at null as well as at val 0, and each step moves one node along an acyclic list.
public class SafeListWalk {
    static class Node {
        int val;
        Node next;
    }

    public static void main(String[] args) {
        Node head = null;
        for (int i = args.length - 1; i >= 0; i--) {
            Node node = new Node();
            node.val = args[i].length();
            node.next = head;
            head = node;
        }
        Node cur = head;
        while (cur != null && cur.val != 0) {
            cur = cur.next;
        }
    }
}
