// EXPECT: NONTERM args=["a"] kind=nonlooping
// WHY: x and y grow forever but x - y stays args.length >= 1 (also in 32-bit arithmetic), so x - y > 0 always.
public class NontermParallelGrowth {
    public static void main(String[] args) {
        int x = args.length;
        int y = 0;
        while (x - y > 0) {
            x++;
            y++;
        }
    }
}
