// EXPECT: TERMINATES
// WHY: twin of ClpRecShiftedPair: only a grows, so a > b holds after at most b + 1 calls.
public class ClpTermRecShiftedPair {
    static int f(int a, int b) {
        if (a > b) {
            return 0;
        }
        return f(a + 1, b);
    }

    public static void main(String[] args) {
        f(0, args.length);
    }
}
