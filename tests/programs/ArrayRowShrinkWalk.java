// EXPECT: TERMINATES
// WHY: each row of the table is walked to its end once; a row replaced at its last position keeps that length, so the walk stops there.
public class ArrayRowShrinkWalk {
    public static void main(String[] args) {
        int[][] rows = new int[args.length][];
        for (int i = 0; i < args.length; i++) {
            rows[i] = new int[args[i].length()];
        }
        int total = 0;
        for (int i = 0; i < rows.length; i++) {
            int[] row = rows[i];
            for (int j = 0; j < row.length; j++) {
                total += row[j] + j;
                if (j + 1 == row.length) {
                    row = new int[j + 1];
                }
            }
        }
    }
}
