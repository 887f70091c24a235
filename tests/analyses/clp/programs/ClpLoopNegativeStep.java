// EXPECT: NONTERM args=[""]
// WHY: x = 2 * args.length = 2 is even and the step -2 keeps it even, so x % 2 != 1 forever.
public class ClpLoopNegativeStep {
    public static void main(String[] args) {
        int x = 2 * args.length;
        while (x % 2 != 1) {
            x = x - 2;
            x = x + 2;
        }
    }
}
