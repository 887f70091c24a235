// EXPECT: TERMINATES
// WHY: twin of ClpLoopNestedCall: next(i) decreases i, so i > 0 fails eventually.
public class ClpTermNestedCall {
    static int next(int i) {
        return i - 1;
    }

    public static void main(String[] args) {
        int i = args.length;
        while (i > 0) {
            i = next(i);
        }
    }
}
