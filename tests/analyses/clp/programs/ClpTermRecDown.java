// EXPECT: TERMINATES
// WHY: twin of ClpRecGrowing: x decreases to the base case x <= 0.
public class ClpTermRecDown {
    static int f(int x) {
        if (x <= 0) {
            return 0;
        }
        return f(x - 1) + 1;
    }

    public static void main(String[] args) {
        f(args.length);
    }
}
