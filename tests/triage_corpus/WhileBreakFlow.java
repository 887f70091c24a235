// EXPECT: java.lang.ArithmeticException at WhileBreakFlow.bad:10
// bad() leaves a while(true) with a zero divisor; good1() with a non-zero one.
public class WhileBreakFlow {
    public void bad() throws Throwable {
        int divisor;
        while (true) {
            divisor = 0;
            break;
        }
        IO.writeLine(100 / divisor);
    }

    public void good1() throws Throwable {
        int divisor;
        while (true) {
            divisor = 4;
            break;
        }
        IO.writeLine(100 / divisor);
    }
}
