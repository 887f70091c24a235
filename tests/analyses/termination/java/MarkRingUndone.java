// Does not terminate for args of length >= 1: each step marks the current node, moves on and
// then resets the mark of the node it moved to, so the ring of two or more nodes always has
// a node carrying the expected mark in front of the walk.
public class MarkRingUndone {
    MarkRingUndone next;
    int mark;

    static void visit(MarkRingUndone c) {
        int expected = c.mark;
        while (c != null && c.mark == expected) {
            c.mark = expected + 1;
            c = c.next;
            c.mark = expected;
        }
    }

    public static void main(String[] args) {
        MarkRingUndone first = new MarkRingUndone();
        MarkRingUndone last = first;
        for (int i = 0; i < args.length; i++) {
            MarkRingUndone n = new MarkRingUndone();
            last.next = n;
            last = n;
        }
        last.next = first;
        visit(first);
    }
}
