// EXPECT: java.lang.NullPointerException at FinallyInSink.badSink:8
// The sink dereferences its null argument inside try/finally (the finally block throws the
// NullPointerException again); good1()'s sink is given a string.
public class FinallyInSink {
    private void badSink(String data) throws Throwable {
        try {
            /* FLAW: data is null */
            IO.writeLine(data.trim());
        } finally {
            IO.writeLine("cleanup");
        }
    }

    public void bad() throws Throwable {
        String data = null;
        badSink(data);
    }

    public void good1() throws Throwable {
        String data = " text ";
        badSink(data);
    }
}
