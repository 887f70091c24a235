// EXPECT: java.lang.NullPointerException at InstanceFlag.bad:10
// Instance flags the constructor sets: the flaw runs under the true one; good1()'s needs the
// false one true, which no public call makes.
public class InstanceFlag {
    private boolean privateTrue = true;
    private boolean privateFalse = false;

    public void bad() throws Throwable {
        String data = null;
        if (privateTrue) IO.writeLine(data.length());
    }

    public void good1() throws Throwable {
        String data = null;
        if (privateFalse) IO.writeLine(data.length());
    }
}
