// EXPECT: TERMINATES
// WHY: twin of ClpLoopMaskParity: adding 1 to an odd x makes it even.
public class ClpTermMaskStep {
    public static void main(String[] args) {
        int x = 2 * args.length + 1;
        while ((x & 1) == 1) {
            x = x + 1;
        }
    }
}
