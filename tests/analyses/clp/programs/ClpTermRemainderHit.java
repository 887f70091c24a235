// EXPECT: TERMINATES
// WHY: twin of ClpLoopRemainder: adding 1 reaches a multiple of 3 within two steps.
public class ClpTermRemainderHit {
    public static void main(String[] args) {
        int x = args.length;
        while (x % 3 != 0) {
            x = x + 1;
        }
    }
}
