// EXPECT: THROWS java.lang.NullPointerException args=["a"]
// WHY: with no empty argument the walk never meets val 0 and steps past the last node onto null.
public class ThrowsNpeThroughLoop {
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
        while (cur.val != 0) {
            cur = cur.next;
        }
    }
}
