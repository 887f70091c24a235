// EXPECT: TERMINATES
// WHY: twin of ClpLoopCallsTerminating: total = down(3) - 3 = 0 once, then the loop test 0 > 0 fails.
public class ClpTermLoopCallsDown {
    static int down(int x) {
        if (x <= 0) {
            return 0;
        }
        return down(x - 1) + 1;
    }

    public static void main(String[] args) {
        int total = 1;
        while (total > 0) {
            total = down(3) - 3;
        }
    }
}
