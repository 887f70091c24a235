// EXPECT: java.lang.ClassCastException at RawListCast.bad:11
// A list without type arguments holds a number where bad() expects a text; good1() checks
// the element's type first.
import java.util.ArrayList;
import java.util.List;

public class RawListCast {
    public void bad() throws Throwable {
        List items = new ArrayList();
        items.add(Integer.valueOf(42));
        String first = (String) items.get(0);
        IO.writeLine(first);
    }

    public void good1() throws Throwable {
        List items = new ArrayList();
        items.add(Integer.valueOf(42));
        Object first = items.get(0);
        if (first instanceof String) {
            IO.writeLine((String) first);
        }
    }
}
