/**
 * Terminates. {@code count} has a loop and returns an int but writes the board (the cells it
 * counts are reset), and {@code sum} returns an int without a loop: neither is of the kind
 * whose calls are summarised; {@code total} (a loop, reads only) is.
 */
public class WritingScan {
    int[] cells = new int[3];

    int count() {
        int found = 0;
        for (int i = 0; i < cells.length; i++) {
            if (cells[i] > 0) {
                found++;
                cells[i] = 0;
            }
        }
        return found;
    }

    int sum(int a, int b) {
        return a + b;
    }

    int total() {
        int all = 0;
        for (int i = 0; i < cells.length; i++) {
            all = sum(all, cells[i]);
        }
        return all;
    }

    public static void main(String[] args) {
        WritingScan board = new WritingScan();
        board.cells[0] = args.length;
        int seen = board.total() + board.count();
    }
}
