// Does not terminate: the walk writes the expected mark itself, so on the ring every node
// keeps carrying it.
public class MarkRingSame {
    MarkRingSame next;
    int mark;

    static void visit(MarkRingSame c) {
        int expected = c.mark;
        while (c != null && c.mark == expected) {
            c.mark = expected;
            c = c.next;
        }
    }

    public static void main(String[] args) {
        MarkRingSame first = new MarkRingSame();
        MarkRingSame last = first;
        for (int i = 0; i < args.length; i++) {
            MarkRingSame n = new MarkRingSame();
            last.next = n;
            last = n;
        }
        last.next = first;
        visit(first);
    }
}
