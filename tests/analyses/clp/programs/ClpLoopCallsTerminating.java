// EXPECT: NONTERM args=[]
// WHY: the loop has no exit; each call of the terminating recursion down(3) returns.
public class ClpLoopCallsTerminating {
    static int down(int x) {
        if (x <= 0) {
            return 0;
        }
        return down(x - 1) + 1;
    }

    public static void main(String[] args) {
        int total = 0;
        while (total >= 0) {
            total = down(3) - 3;
        }
    }
}
