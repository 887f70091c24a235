// EXPECT: TERMINATES safe=yes
// WHY: small(xs, p) returns a list no longer than xs, so order and small always recurse on a list shorter than their argument.
public class RecPartitionSort {
    static class Node {
        final int value;
        final Node next;

        Node(int value, Node next) {
            this.value = value;
            this.next = next;
        }
    }

    static Node small(Node xs, int pivot) {
        if (xs == null) {
            return null;
        }
        Node rest = small(xs.next, pivot);
        return xs.value < pivot ? order(new Node(xs.value, rest)) : rest;
    }

    static Node order(Node xs) {
        if (xs == null) {
            return null;
        }
        return small(xs.next, xs.value);
    }

    public static void main(String[] args) {
        Node list = null;
        for (String arg : args) {
            list = new Node(arg.length(), list);
        }
        order(list);
    }
}
