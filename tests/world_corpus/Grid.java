// expect: throws java.lang.NegativeArraySizeException
// route: args
// feature: parse-int, arrays
// why: rows times columns is negative when one of them is, and the array is allocated with that size.
// input: {"args": ["-1", "5"]}
public class Grid {
    public static void main(String[] args) {
        if (args.length < 2) {
            return;
        }
        int rows;
        int cols;
        try {
            rows = Integer.parseInt(args[0]);
            cols = Integer.parseInt(args[1]);
        } catch (NumberFormatException e) {
            return;
        }
        if (rows > 1000 || cols > 1000) {
            return;
        }
        int[] cells = new int[rows * cols]; // THROWS
        System.out.println(cells.length + " cells");
    }
}
