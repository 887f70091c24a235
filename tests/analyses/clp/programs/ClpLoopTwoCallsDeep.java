// EXPECT: NONTERM args=[]
// WHY: main calls a, a calls b, and b loops forever for x >= 0 since x never changes.
public class ClpLoopTwoCallsDeep {
    static int b(int x) {
        while (x >= 0) {
            x = x + 0;
        }
        return x;
    }

    static int a(int x) {
        return b(x) + 1;
    }

    public static void main(String[] args) {
        a(args.length);
    }
}
