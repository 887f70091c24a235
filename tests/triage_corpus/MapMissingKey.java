// EXPECT: java.lang.NullPointerException at MapMissingKey.bad:11
// bad() unboxes the count of a word the map does not hold (get gives null); good1() uses
// getOrDefault.
import java.util.HashMap;
import java.util.Map;

public class MapMissingKey {
    public void bad() throws Throwable {
        Map<String, Integer> counts = new HashMap<>();
        counts.put("a", 1);
        int b = counts.get("b");
        IO.writeLine(b);
    }

    public void good1() throws Throwable {
        Map<String, Integer> counts = new HashMap<>();
        counts.put("a", 1);
        int b = counts.getOrDefault("b", 0);
        IO.writeLine(b);
    }
}
