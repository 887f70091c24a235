// FOR: all
// WHY: thesis Example 4.10: incr is only read inside the loop, and it decides res.
public class Ex410LoopReadsIncr {
    public static int run(int k) {
        int res = 0;
        int incr = k * 2;
        for (int i = 0; i < 100; i++) {
            res += incr;
        }
        return res;
    }
}
