// EXPECT: java.lang.ArithmeticException at HelperFlag.bad:8
// The flaw runs under IO.staticTrue; in good1() under IO.staticFalse, which nothing sets.
public class HelperFlag {
    public void bad() throws Throwable {
        if (IO.staticTrue) {
            int data = 0;
            /* FLAW */
            IO.writeLine(100 % data);
        }
    }

    public void good1() throws Throwable {
        if (IO.staticFalse) {
            int data = 0;
            IO.writeLine(100 % data);
        }
    }
}
