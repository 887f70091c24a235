// EXPECT: java.lang.NullPointerException at JaggedGrid.bad:7
// bad() writes into a row of a grid whose rows were never made; good1() makes the row first.
public class JaggedGrid {
    public void bad() throws Throwable {
        int[][] grid = new int[3][];
        /* FLAW: grid[1] is null */
        grid[1][0] = 5;
        IO.writeLine(grid.length);
    }

    public void good1() throws Throwable {
        int[][] grid = new int[3][];
        grid[1] = new int[2];
        grid[1][0] = 5;
        IO.writeLine(grid.length);
    }
}
