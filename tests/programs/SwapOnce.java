// EXPECT: TERMINATES safe=yes twin=NontermSwap
// WHY: one swap turns x > y into x < y, so the loop runs at most once.
public class SwapOnce {
    public static void main(String[] args) {
        int x = args.length;
        int y = 0;
        while (x > y) {
            int t = x;
            x = y;
            y = t;
        }
    }
}
