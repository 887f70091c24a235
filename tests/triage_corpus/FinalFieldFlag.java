// EXPECT: java.lang.ArrayIndexOutOfBoundsException at FinalFieldFlag.bad:11
// A final instance flag that is always true selects the out-of-range index in bad();
// good1() tests the flag that is always false.
public class FinalFieldFlag {
    private final boolean alwaysTrue = true;
    private final boolean alwaysFalse = false;

    public void bad() throws Throwable {
        int[] a = new int[3];
        if (alwaysTrue) {
            IO.writeLine(a[3]);
        }
    }

    public void good1() throws Throwable {
        int[] a = new int[3];
        if (alwaysFalse) {
            IO.writeLine(a[3]);
        }
    }
}
