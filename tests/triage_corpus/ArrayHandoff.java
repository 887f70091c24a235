// EXPECT: java.lang.NullPointerException at ArrayHandoff.badSink:6
// bad() passes null to its sink inside an array; good1() passes a text.
public class ArrayHandoff {
    private void badSink(String[] box) throws Throwable {
        String data = box[2];
        IO.writeLine(data.toUpperCase());
    }

    public void bad() throws Throwable {
        String[] box = {"a", "b", null};
        badSink(box);
    }

    private void goodSink(String[] box) throws Throwable {
        String data = box[2];
        IO.writeLine(data.toUpperCase());
    }

    public void good1() throws Throwable {
        String[] box = {"a", "b", "c"};
        goodSink(box);
    }
}
