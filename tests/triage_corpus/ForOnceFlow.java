// EXPECT: java.lang.NullPointerException at ForOnceFlow.bad:9
// bad() sets data to null inside a loop that runs once; good1() sets a text there.
public class ForOnceFlow {
    public void bad() throws Throwable {
        String data = "start";
        for (int j = 0; j < 1; j++) {
            data = null;
        }
        IO.writeLine(data.trim());
    }

    public void good1() throws Throwable {
        String data = "start";
        for (int j = 0; j < 1; j++) {
            data = " text ";
        }
        IO.writeLine(data.trim());
    }
}
