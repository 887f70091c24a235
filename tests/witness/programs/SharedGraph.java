// NPE only when the graph shares a cell: root.left == root.right.
class Cell {
    Cell left;
    Cell right;
    Object value;
}

public class SharedGraph {
    static int probe(Cell root) {
        Cell a = root.left;
        Cell b = root.right;
        if (a != b) {
            return 0;
        }
        a.value = null;
        return b.value.hashCode(); // @line:probe-npe
    }

    static int outer(Cell cell) {
        return inner(cell) + 1; // @line:outer-call
    }

    static int inner(Cell cell) {
        return cell.value.hashCode(); // @line:inner-npe
    }
}
