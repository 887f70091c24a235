// FOR: all
// WHY: thesis Example 4.12: both arms only change x, which is never read again.
public class Ex412IrrelevantBranch {
    public static int run(int x) {
        int res = 0;
        if (x > 0) { // IRRELEVANT[irrelevant-branch,unused-value]
            x++; // IRRELEVANT[dead-store]
        } else {
            x--; // IRRELEVANT[dead-store]
        }
        return res;
    }
}
