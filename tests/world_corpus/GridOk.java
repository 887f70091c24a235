// expect: safe
// route: args
// feature: parse-int, arrays
// why: both dimensions are checked to be within 0..1000, so the product is between 0 and a million.
// input: {"args": ["-1", "5"]}
public class GridOk {
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
        if (rows < 0 || cols < 0 || rows > 1000 || cols > 1000) {
            return;
        }
        int[] cells = new int[rows * cols];
        System.out.println(cells.length + " cells");
    }
}
