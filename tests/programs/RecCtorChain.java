// EXPECT: TERMINATES safe=yes twin=RecCtorRing
// WHY: the constructor makes a chain of args.length + 1 new nodes by recursion, the last one's next null; the walk along next ends.
public class RecCtorChain {
    static class Node {
        final Node next;

        Node(int n) {
            next = n > 0 ? new Node(n - 1) : null;
        }
    }

    public static void main(String[] args) {
        Node node = new Node(args.length);
        int length = 0;
        while (node != null) {
            node = node.next;
            length++;
        }
    }
}
