// EXPECT: NONTERM args=[""]
// WHY: next(i) returns i unchanged for i >= 1, so the loop at i = args.length = 1 runs forever.
public class ClpLoopNestedCall {
    static int next(int i) {
        if (i < 1) {
            return i + 1;
        }
        return i;
    }

    public static void main(String[] args) {
        int i = args.length;
        while (i > 0) {
            i = next(i);
        }
    }
}
