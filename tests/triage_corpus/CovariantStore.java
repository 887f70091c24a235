// EXPECT: java.lang.ArrayStoreException at CovariantStore.bad:7
// An Integer[] seen as an Object[] still takes only Integers: bad() stores a text in it;
// good1() stores a number.
public class CovariantStore {
    public void bad() throws Throwable {
        Object[] cells = new Integer[2];
        cells[0] = "seven";
        IO.writeLine(cells.length);
    }

    public void good1() throws Throwable {
        Object[] cells = new Integer[2];
        cells[0] = Integer.valueOf(7);
        IO.writeLine(cells.length);
    }
}
