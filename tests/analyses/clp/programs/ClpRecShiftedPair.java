// EXPECT: NONTERM args=[] stackoverflow=yes
// WHY: f(a, b) stops only when a > b, but a and b both grow by 1, so a <= b stays true.
public class ClpRecShiftedPair {
    static int f(int a, int b) {
        if (a > b) {
            return 0;
        }
        return f(a + 1, b + 1);
    }

    public static void main(String[] args) {
        f(0, args.length);
    }
}
