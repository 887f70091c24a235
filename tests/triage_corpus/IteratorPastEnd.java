// EXPECT: java.util.NoSuchElementException at IteratorPastEnd.bad:12
// bad() takes two elements from a list of one; good1() asks hasNext() before each.
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

public class IteratorPastEnd {
    public void bad() throws Throwable {
        List<String> names = new ArrayList<>();
        names.add("ada");
        Iterator<String> it = names.iterator();
        IO.writeLine(it.next() + it.next());
    }

    public void good1() throws Throwable {
        List<String> names = new ArrayList<>();
        names.add("ada");
        Iterator<String> it = names.iterator();
        while (it.hasNext()) {
            IO.writeLine(it.next());
        }
    }
}
