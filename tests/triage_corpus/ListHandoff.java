// EXPECT: java.lang.NullPointerException at ListHandoff.bad:10
// bad() stores null in a list and dereferences what it gets back; good1() stores a text.
import java.util.ArrayList;
import java.util.List;

public class ListHandoff {
    public void bad() throws Throwable {
        List<String> data = new ArrayList<>();
        data.add(null);
        IO.writeLine(data.get(0).length());
    }

    public void good1() throws Throwable {
        List<String> data = new ArrayList<>();
        data.add("text");
        IO.writeLine(data.get(0).length());
    }
}
