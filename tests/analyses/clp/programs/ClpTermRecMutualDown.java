// EXPECT: TERMINATES
// WHY: twin of ClpRecMutual: each call decreases x, and a stops at x <= 0.
public class ClpTermRecMutualDown {
    static int a(int x) {
        if (x <= 0) {
            return 0;
        }
        return b(x - 1) + 1;
    }

    static int b(int x) {
        return a(x - 1);
    }

    public static void main(String[] args) {
        a(args.length);
    }
}
