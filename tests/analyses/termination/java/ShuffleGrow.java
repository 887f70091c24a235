// The look-alike of tests/programs/RecShuffleReverse.java that never terminates (for three or
// more args): this reverse puts a new cell between each pair, so shuffle gets a three-cell list
// back from the two cells after its head, again and again (a StackOverflowError on a real JVM).
public class ShuffleGrow {
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
        second.next = new Cell(0, l);
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
