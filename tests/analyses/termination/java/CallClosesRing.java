// The look-alike of tests/programs/RecKeepsOther.java that never terminates (for two or more
// args): the inner call eat(null, rest) turns rest into a one-node ring, so eat(rest, null)
// meets the same ring again and again (a StackOverflowError on a real JVM).
public class CallClosesRing {
    static class Node {
        Node next;

        Node(Node next) {
            this.next = next;
        }
    }

    static void eat(Node a, Node b) {
        if (a == null) {
            if (b != null) {
                b.next = b;
            }
            return;
        }
        Node rest = a.next;
        a.next = null;
        eat(null, rest);
        eat(rest, null);
    }

    public static void main(String[] args) {
        Node a = null;
        for (int i = 0; i < args.length; i++) {
            a = new Node(a);
        }
        eat(a, new Node(null));
    }
}
