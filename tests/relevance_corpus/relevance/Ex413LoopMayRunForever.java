// FOR: all
// WHY: like Example 4.13, but the loop runs forever for odd positive x: whether the entry
// terminates depends on it, so with termination in the result the loop is relevant.
public class Ex413LoopMayRunForever {
    public static int run(int x) {
        int res = 0;
        while (x != 0) {
            x = x - 2;
        }
        res++;
        return res;
    }
}
