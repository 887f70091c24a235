// EXPECT: java.lang.ArrayIndexOutOfBoundsException at FinallySink.badSink:6
// bad() calls the flawed sink inside try/finally: the finally block throws the same exception
// again, but the JVM (and the report) name the sink's line. good1()'s sink checks the index.
public class FinallySink {
    private void badSink(int[] a, int i) throws Throwable {
        a[i] = 1;
    }

    public void bad() throws Throwable {
        int[] a = new int[5];
        try {
            badSink(a, 5);
        } finally {
            IO.writeLine("done");
        }
    }

    private void goodSink(int[] a, int i) throws Throwable {
        if (i < a.length) {
            a[i] = 1;
        }
    }

    public void good1() throws Throwable {
        int[] a = new int[5];
        try {
            goodSink(a, 5);
        } finally {
            IO.writeLine("done");
        }
    }
}
