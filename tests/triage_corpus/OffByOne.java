// EXPECT: java.lang.ArrayIndexOutOfBoundsException at OffByOne.bad:7
// bad() loops one index past the end (<=); good1() stops before it (<).
public class OffByOne {
    public void bad() throws Throwable {
        int[] array = new int[4];
        for (int i = 0; i <= array.length; i++) {
            array[i] = i;
        }
        IO.writeLine(array[0]);
    }

    public void good1() throws Throwable {
        int[] array = new int[4];
        for (int i = 0; i < array.length; i++) {
            array[i] = i;
        }
        IO.writeLine(array[0]);
    }
}
