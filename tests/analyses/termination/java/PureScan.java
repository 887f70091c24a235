/**
 * Terminates: main's loop runs args.length rounds; in each, {@code matches} (a loop nest that
 * reads the board and writes nothing) is called twice and {@code place} writes one cell.
 * {@code matches} returns a boolean, so its calls can be summarised: analysed once per call
 * context instead of inlined into every state of main's loop (issue 36, the class of TPDB's
 * TicTacToe and its winningConfiguration).
 */
public class PureScan {
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

    void place(int at, int value) {
        cells[at] = value;
    }

    public static void main(String[] args) {
        PureScan board = new PureScan();
        for (int round = 0; round < args.length; round++) {
            if (board.matches(round) && board.matches(round + 1)) {
                board.place(round % 3, round);
            } else {
                board.place((round + 1) % 3, args[round].length());
            }
        }
    }
}
