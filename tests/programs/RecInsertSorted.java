// EXPECT: TERMINATES safe=yes
// WHY: insert returns either a new cell in front of l or l itself, built from cells after l, so no list gets a cycle and length ends.
public class RecInsertSorted {
    static class Cell {
        int value;
        Cell next;

        Cell(int value, Cell next) {
            this.value = value;
            this.next = next;
        }
    }

    static Cell insert(Cell l, int v) {
        if (l == null || v < l.value) {
            return new Cell(v, l);
        }
        l.next = insert(l.next, v);
        return l;
    }

    static int length(Cell l) {
        return l == null ? 0 : 1 + length(l.next);
    }

    public static void main(String[] args) {
        Cell list = null;
        for (int i = 0; i < args.length; i++) {
            list = insert(list, args[i].length());
        }
        length(list);
    }
}
