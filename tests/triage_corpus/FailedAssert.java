// EXPECT: java.lang.AssertionError at FailedAssert.bad:6
// bad()'s assertion is false (as run with java -ea); good1()'s holds.
public class FailedAssert {
    public void bad() throws Throwable {
        int data = 3;
        assert data > 5 : "data is not above 5";
        IO.writeLine(data);
    }

    public void good1() throws Throwable {
        int data = 7;
        assert data > 5 : "data is not above 5";
        IO.writeLine(data);
    }
}
