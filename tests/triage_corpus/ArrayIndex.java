// EXPECT: java.lang.ArrayIndexOutOfBoundsException at ArrayIndex.bad:8
// bad() writes index 10 of a 10-element array; good1() index 9.
public class ArrayIndex {
    public void bad() throws Throwable {
        int[] array = new int[10];
        int data = 10;
        /* FLAW: data is not below array.length */
        array[data] = 42;
        IO.writeLine(array[0]);
    }

    public void good1() throws Throwable {
        int[] array = new int[10];
        int data = 9;
        array[data] = 42;
        IO.writeLine(array[0]);
    }
}
