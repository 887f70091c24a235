// FOR: all
// WHY: t is computed from x but never read; x * 7 + 3 cannot throw.
public class UnusedTemporary {
    public static int run(int x) {
        int t = x * 7 + 3; // IRRELEVANT[dead-store,unused-value]
        return x + 1;
    }
}
