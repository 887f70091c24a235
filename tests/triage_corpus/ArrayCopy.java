// EXPECT: java.lang.ArrayIndexOutOfBoundsException at ArrayCopy.bad:7
// bad() copies five elements into an array of three; good1() copies as many as fit.
public class ArrayCopy {
    public void bad() throws Throwable {
        int[] source = {1, 2, 3, 4, 5};
        int[] target = new int[3];
        System.arraycopy(source, 0, target, 0, source.length);
        IO.writeLine(target[0]);
    }

    public void good1() throws Throwable {
        int[] source = {1, 2, 3, 4, 5};
        int[] target = new int[3];
        System.arraycopy(source, 0, target, 0, Math.min(source.length, target.length));
        IO.writeLine(target[0]);
    }
}
