// EXPECT: TERMINATES safe=yes
// WHY: the inner call eat(null, b) rewires only list b, which shares nothing with rest, so eat(rest, null) gets a shorter list each time.
public class RecKeepsOther {
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
        eat(null, b);
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
