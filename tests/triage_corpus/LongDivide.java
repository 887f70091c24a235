// EXPECT: java.lang.ArithmeticException at LongDivide.bad:6
// bad() divides a long by a long difference that is zero; good1() by one that is not.
public class LongDivide {
    public void bad() throws Throwable {
        long start = 5000L, end = 5000L;
        IO.writeLine((int) (1000000L / (end - start)));
    }

    public void good1() throws Throwable {
        long start = 5000L, end = 6000L;
        IO.writeLine((int) (1000000L / (end - start)));
    }
}
