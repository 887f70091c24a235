// EXPECT: NONTERM args=["a"] kind=looping twin=RecBuildSum
// WHY: build(n) ends by pointing the last node back to the head, so the walk along next never reaches null.
public class RecBuildCycle {
    static class Node {
        int value;
        Node next;
    }

    static Node build(Node head, Node last, int n) {
        if (n <= 0) {
            last.next = head;
            return head;
        }
        Node node = new Node();
        node.value = n;
        last.next = node;
        return build(head, node, n - 1);
    }

    public static void main(String[] args) {
        Node head = new Node();
        Node list = build(head, head, args.length);
        int steps = 0;
        while (list != null) {
            list = list.next;
            steps++;
        }
    }
}
