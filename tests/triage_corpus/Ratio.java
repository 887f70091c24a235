// EXPECT: java.lang.ArithmeticException at Ratio.bad:6
// A public method of a library class: any caller may pass parts = 0. good1() checks.
public class Ratio {
    public int bad(int total, int parts) throws Throwable {
        /* FLAW: parts may be 0 */
        return total / parts;
    }

    public int good1(int total, int parts) throws Throwable {
        return parts == 0 ? 0 : total / parts;
    }
}
