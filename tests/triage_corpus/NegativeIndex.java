// EXPECT: java.lang.ArrayIndexOutOfBoundsException at NegativeIndex.bad:7
// bad() reads the element before the first one found; good1() checks it is there.
public class NegativeIndex {
    public void bad() throws Throwable {
        int[] values = {4, 8, 15};
        int position = indexOf(values, 4);
        IO.writeLine(values[position - 1]);
    }

    public void good1() throws Throwable {
        int[] values = {4, 8, 15};
        int position = indexOf(values, 4);
        if (position > 0) {
            IO.writeLine(values[position - 1]);
        }
    }

    private static int indexOf(int[] values, int wanted) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == wanted) {
                return i;
            }
        }
        return -1;
    }
}
