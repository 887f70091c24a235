// EXPECT: NONTERM args=["a"] kind=looping
// WHY: swapping x and y never makes them equal when they differ; the state repeats every two iterations.
public class NontermSwap {
    public static void main(String[] args) {
        int x = args.length;
        int y = 0;
        while (x != y) {
            int t = x;
            x = y;
            y = t;
        }
    }
}
