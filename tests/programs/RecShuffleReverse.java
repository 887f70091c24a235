// EXPECT: TERMINATES safe=yes
// WHY: reverse relinks the cells it is given and allocates none, so shuffle recurses on a list one cell shorter each time.
public class RecShuffleReverse {
    static class Cell {
        int value;
        Cell next;

        Cell(int value, Cell next) {
            this.value = value;
            this.next = next;
        }
    }

    static Cell reverse(Cell l) {
        if (l == null || l.next == null) {
            return l;
        }
        Cell second = l.next;
        Cell rest = reverse(second);
        l.next = null;
        second.next = l;
        return rest;
    }

    static Cell shuffle(Cell xs) {
        if (xs == null) {
            return null;
        }
        return new Cell(xs.value, shuffle(reverse(xs.next)));
    }

    public static void main(String[] args) {
        Cell xs = null;
        for (int i = 0; i < args.length; i++) {
            xs = new Cell(args[i].length(), xs);
        }
        shuffle(xs);
    }
}
