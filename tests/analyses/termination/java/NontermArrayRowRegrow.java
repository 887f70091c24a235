// The look-alike of tests/programs/ArrayRowShrinkWalk.java that never terminates (for args
// ["a"]; checked on a JVM: still running after 5 s): whenever the walk reaches the last
// position of its row, the row is replaced by one that is one longer, so j < row.length holds
// again. Not in the corpus: the non-termination prover does not prove it (a growing array).
public class NontermArrayRowRegrow {
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
                    row = new int[j + 2];
                }
            }
        }
    }
}
