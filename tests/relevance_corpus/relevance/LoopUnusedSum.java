// FOR: all
// WHY: the loop only computes s, which is never read; it terminates (i grows to n).
public class LoopUnusedSum {
    public static int run(int n) {
        int s = 0; // IRRELEVANT[dead-store,unused-value]
        for (int i = 0; i < n; i++) { // IRRELEVANT
            s += i; // IRRELEVANT
        }
        return n * 2;
    }
}
