// EXPECT: java.lang.ArithmeticException at DivideZero.bad:7
// bad() divides by a local that is 0; good1() checks the divisor first.
public class DivideZero {
    public void bad() throws Throwable {
        int data = 0;
        /* FLAW: division by zero */
        IO.writeLine(100 / data);
    }

    public void good1() throws Throwable {
        int data = 0;
        if (data != 0) {
            IO.writeLine(100 / data);
        } else {
            IO.writeLine("divisor is zero");
        }
    }
}
