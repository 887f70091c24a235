// FOR: all
// WHY: the first value of r is overwritten before it is read.
public class OverwrittenStore {
    public static int run(int x) {
        int r = x + 1; // IRRELEVANT[dead-store,unused-value]
        r = x * 2;
        return r;
    }
}
