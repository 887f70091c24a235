// EXPECT: java.lang.RuntimeException at ExplicitThrow.bad:7
// bad() throws when its value is too large, and it is; good1()'s value is small.
public class ExplicitThrow {
    public void bad() throws Throwable {
        int data = 7;
        if (data > 5) {
            throw new RuntimeException("data too large");
        }
        IO.writeLine(data);
    }

    public void good1() throws Throwable {
        int data = 3;
        if (data > 5) {
            throw new RuntimeException("data too large");
        }
        IO.writeLine(data);
    }
}
