// EXPECT: THROWS java.lang.NullPointerException args=["","",""] entry=sum
// WHY: sum follows next as many times as there are arguments, but the list has two nodes: the third step reads a field of null.
public class RecNullAtDepth {
    static class Node {
        Node next;
        int value;
    }

    static int sum(Node node, int depth) {
        if (depth == 0) {
            return node.value;
        }
        return node.value + sum(node.next, depth - 1);
    }

    public static void main(String[] args) {
        Node first = new Node();
        first.next = new Node();
        sum(first, args.length);
    }
}
