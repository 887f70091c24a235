// FOR: all
// WHY: of the swap only a = b matters; t, b = t and the first value of a (read only into t) do not.
public class SwapHalfUsed {
    public static int run(int x, int y) {
        int a = x; // IRRELEVANT[dead-store,unused-value]
        int b = y;
        int t = a; // IRRELEVANT[dead-store,unused-value]
        a = b;
        b = t; // IRRELEVANT[dead-store,unused-value]
        return a;
    }
}
