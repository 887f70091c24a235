// EXPECT: java.lang.ArithmeticException at FieldHandoff.badSink:8
// bad() leaves a zero divisor in a field for its sink; good1() stores a non-zero one.
public class FieldHandoff {
    private int divisor;

    private void badSink() throws Throwable {
        /* FLAW: divisor is 0 */
        IO.writeLine(60 / divisor);
    }

    public void bad() throws Throwable {
        divisor = 0;
        badSink();
    }

    private void goodSink() throws Throwable {
        IO.writeLine(60 / divisor);
    }

    public void good1() throws Throwable {
        divisor = 5;
        goodSink();
    }
}
