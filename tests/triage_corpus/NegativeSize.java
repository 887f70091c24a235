// EXPECT: java.lang.NegativeArraySizeException at NegativeSize.bad:6
// bad() allocates an array of size -1; good1() of size 1.
public class NegativeSize {
    public void bad() throws Throwable {
        int data = -1;
        int[] array = new int[data];
        IO.writeLine(array.length);
    }

    public void good1() throws Throwable {
        int data = 1;
        int[] array = new int[data];
        IO.writeLine(array.length);
    }
}
