// EXPECT: java.lang.ArrayIndexOutOfBoundsException at Sinks.badSink:19
// bad() passes index 100 to a sink of another class (below, not public) that does not check
// it; good1() to the sink that does.
public class OtherClassSink {
    public void bad() throws Throwable {
        int data = 100;
        new Sinks().badSink(data);
    }

    public void good1() throws Throwable {
        int data = 100;
        new Sinks().goodSink(data);
    }
}

class Sinks {
    public void badSink(int data) throws Throwable {
        int[] array = new int[10];
        array[data] = 42;
        IO.writeLine(array[0]);
    }

    public void goodSink(int data) throws Throwable {
        int[] array = new int[10];
        if (data >= 0 && data < array.length) {
            array[data] = 42;
        }
        IO.writeLine(array[0]);
    }
}
