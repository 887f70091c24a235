// EXPECT: java.lang.ArithmeticException at CatchRethrow.badSink:6
// bad()'s callee divides by zero; bad() logs the exception and throws it again. good1()'s
// callee returns 0 for a zero divisor.
public class CatchRethrow {
    private int badSink(int divisor) throws Throwable {
        return 100 / divisor;
    }

    public void bad() throws Throwable {
        try {
            IO.writeLine(badSink(0));
        } catch (ArithmeticException e) {
            IO.writeLine("failed");
            throw e;
        }
    }

    private int goodSink(int divisor) throws Throwable {
        return divisor == 0 ? 0 : 100 / divisor;
    }

    public void good1() throws Throwable {
        try {
            IO.writeLine(goodSink(0));
        } catch (ArithmeticException e) {
            IO.writeLine("failed");
            throw e;
        }
    }
}
