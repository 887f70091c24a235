// EXPECT: TERMINATES safe=yes twin=RecBuildCycle
// WHY: build(n) makes a new acyclic list of n nodes by recursion; sum follows next to null, one call per node.
public class RecBuildSum {
    static class Node {
        final int value;
        final Node next;

        Node(int value, Node next) {
            this.value = value;
            this.next = next;
        }
    }

    static Node build(int n) {
        return n <= 0 ? null : new Node(n, build(n - 1));
    }

    static int sum(Node node) {
        return node == null ? 0 : node.value + sum(node.next);
    }

    public static void main(String[] args) {
        sum(build(args.length));
    }
}
