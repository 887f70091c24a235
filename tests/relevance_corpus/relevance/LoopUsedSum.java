// FOR: all
// WHY: the loop computes the returned sum: everything is relevant.
public class LoopUsedSum {
    public static int run(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += i;
        }
        return s;
    }
}
