// EXPECT: java.lang.ArrayIndexOutOfBoundsException at CalleeSink.badSink:6
// bad() hands an index one past the end to a private sink; good1()'s sink checks it.
public class CalleeSink {
    private void badSink(int[] a, int i) throws Throwable {
        /* FLAW: i is not checked against a.length */
        a[i] = 1;
        IO.writeLine(a[0]);
    }

    public void bad() throws Throwable {
        int[] a = new int[5];
        badSink(a, 5);
    }

    private void goodSink(int[] a, int i) throws Throwable {
        if (i >= 0 && i < a.length) {
            a[i] = 1;
        }
        IO.writeLine(a[0]);
    }

    public void good1() throws Throwable {
        int[] a = new int[5];
        goodSink(a, 5);
    }
}
