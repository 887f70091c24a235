// EXPECT: java.lang.RuntimeException at CatchNew.bad:12
// bad()'s callee divides by zero; bad() catches that and throws a new exception that wraps it,
// whose stack trace starts in bad(): the finding stays there. good1() catches nothing
// it would rethrow, since its callee never divides by zero.
public class CatchNew {
    private int badSink(int divisor) throws Throwable {
        return 100 / divisor;
    }

    public void bad() throws Throwable {
        try { IO.writeLine(badSink(0)); } catch (ArithmeticException e) {
            throw new RuntimeException("no divisor", e);
        }
    }

    public void good1() throws Throwable {
        try { IO.writeLine(badSink(4)); } catch (ArithmeticException e) {
            throw new RuntimeException("no divisor", e);
        }
    }
}
