// A look-alike of tests/programs/RecInsertSorted.java that never terminates (for two or more
// args): insert reads the head from a static field and, at the end of the list, puts a cell
// pointing back to it, so the second insert closes a ring and length never reaches null.
public class InsertRingStatic {
    static class Cell {
        int value;
        Cell next;

        Cell(int value, Cell next) {
            this.value = value;
            this.next = next;
        }
    }

    static Cell head;

    static Cell insert(Cell l, int v) {
        if (l == null) {
            return new Cell(v, head);
        }
        if (v < l.value) {
            return new Cell(v, l);
        }
        l.next = insert(l.next, v);
        return l;
    }

    static int length(Cell l) {
        return l == null ? 0 : 1 + length(l.next);
    }

    public static void main(String[] args) {
        for (int i = 0; i < args.length; i++) {
            head = insert(head, args[i].length());
        }
        length(head);
    }
}
