// EXPECT: NONTERM args=[] kind=nonlooping stackoverflow=yes
// WHY: grow(list) calls itself with a longer list and never checks a bound, so it never returns.
public class RecGrowList {
    static class Node {
        final Node next;

        Node(Node next) {
            this.next = next;
        }
    }

    static Node grow(Node list, int n) {
        if (n < 0) {
            return list;
        }
        return grow(new Node(list), n + 1);
    }

    public static void main(String[] args) {
        grow(null, args.length);
    }
}
