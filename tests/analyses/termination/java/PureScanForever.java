/**
 * Never terminates: the look-alike of PureScan whose loop waits for {@code matches(-1)}, and
 * no two cells (all zero or lengths of the arguments, never negative) sum to -1; the loop
 * changes nothing. A summary of {@code matches} forgets its result: it must not make the
 * loop look as if it ended.
 */
public class PureScanForever {
    int[] cells = new int[3];

    boolean matches(int value) {
        for (int i = 0; i < cells.length; i++) {
            for (int j = 0; j < cells.length; j++) {
                if (cells[i] + cells[j] == value) {
                    return true;
                }
            }
        }
        return false;
    }

    public static void main(String[] args) {
        PureScanForever board = new PureScanForever();
        if (args.length > 0) {
            board.cells[0] = args[0].length();
        }
        int waited = 0;
        while (!board.matches(-1)) {
            waited = waited + 1;
        }
    }
}
