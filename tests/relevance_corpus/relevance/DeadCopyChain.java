// FOR: all
// WHY: c copies b which copies a; neither copy is read for the result.
public class DeadCopyChain {
    public static int run(int a) {
        int b = a; // IRRELEVANT[dead-store,unused-value]
        int c = b; // IRRELEVANT[dead-store,unused-value]
        c++; // IRRELEVANT[dead-store]
        return a - 1;
    }
}
