// EXPECT: java.lang.ArithmeticException at ModuloZero.bad:7
// bad() takes a remainder by a count that is zero; good1() checks the count first.
public class ModuloZero {
    public void bad() throws Throwable {
        int[] items = new int[0];
        int count = items.length;
        IO.writeLine(17 % count);
    }

    public void good1() throws Throwable {
        int[] items = new int[0];
        int count = items.length;
        if (count != 0) {
            IO.writeLine(17 % count);
        }
    }
}
