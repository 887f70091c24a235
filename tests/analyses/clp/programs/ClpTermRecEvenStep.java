// EXPECT: TERMINATES
// WHY: twin of ClpRecOddStep: g stops once n <= 0, and n decreases by 2.
public class ClpTermRecEvenStep {
    static void g(int n) {
        if (n > 0) {
            g(n - 2);
        }
    }

    public static void main(String[] args) {
        g(2 * args.length + 1);
    }
}
