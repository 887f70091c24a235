// EXPECT: TERMINATES safe=yes
// WHY: reverse(node, acc) follows next along an acyclic list of args.length nodes, one call per node.
public class RecListReverse {
    static class Node {
        int value;
        Node next;

        Node(int value, Node next) {
            this.value = value;
            this.next = next;
        }
    }

    static Node reverse(Node node, Node acc) {
        if (node == null) {
            return acc;
        }
        return reverse(node.next, new Node(node.value, acc));
    }

    public static void main(String[] args) {
        Node list = null;
        for (int i = 0; i < args.length; i++) {
            list = new Node(args[i].length(), list);
        }
        reverse(list, null);
    }
}
