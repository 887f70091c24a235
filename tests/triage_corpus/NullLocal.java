// EXPECT: java.lang.NullPointerException at NullLocal.bad:7
// bad() dereferences a local it set to null; good1() one set to a string.
public class NullLocal {
    public void bad() throws Throwable {
        String data = null;
        /* FLAW: data is null */
        IO.writeLine(data.length());
    }

    public void good1() throws Throwable {
        String data = "hello";
        IO.writeLine(data.length());
    }
}
