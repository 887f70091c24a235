// EXPECT: TERMINATES
// WHY: twin of ClpLoopShiftRight: x = args.length >= 0 halves to 0.
public class ClpTermShiftRight {
    public static void main(String[] args) {
        int x = args.length;
        while (x != 0) {
            x = x >> 1;
        }
    }
}
