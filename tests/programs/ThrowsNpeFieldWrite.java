// EXPECT: THROWS java.lang.NullPointerException args=["ab"]
// WHY: the second node is only created for an empty first argument, else the field write hits null.
public class ThrowsNpeFieldWrite {
    static class Node {
        int val;
        Node next;
    }

    public static void main(String[] args) {
        Node head = new Node();
        if (args.length > 0 && args[0].length() == 0) {
            head.next = new Node();
        }
        if (args.length > 0) {
            head.next.val = args.length;
        }
    }
}
