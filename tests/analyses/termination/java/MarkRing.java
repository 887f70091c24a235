// Terminates: the walk marks every node it visits (mark becomes expected + 1) and stops at
// the first node whose mark is not the expected one, so it visits each node of the ring at
// most once.  The marks start at args.length, so the expected value is not a constant.
public class MarkRing {
    MarkRing next;
    int mark;

    static void visit(MarkRing c) {
        int expected = c.mark;
        while (c != null && c.mark == expected) {
            c.mark = expected + 1;
            c = c.next;
        }
    }

    public static void main(String[] args) {
        MarkRing first = new MarkRing();
        first.mark = args.length;
        MarkRing last = first;
        for (int i = 0; i < args.length; i++) {
            MarkRing n = new MarkRing();
            n.mark = args.length;
            last.next = n;
            last = n;
        }
        last.next = first;
        visit(first);
    }
}
