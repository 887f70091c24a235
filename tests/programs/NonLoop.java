// EXPECT: NONTERM args=[] kind=nonlooping overflow=yes wrap=slow
// WHY: seed 000 Fig. 10: x >= y >= 0 is kept forever (x drops to y, then x = 2x+1, y+1); only 32-bit x = 2x+1 near 2^30 ends it.
public class NonLoop {
    static void nonLoop(int x, int y) {
        if (y >= 0) {
            while (x >= y) {
                int z = x - y;
                if (z > 0) {
                    x--;
                } else {
                    x = 2 * x + 1;
                    y++;
                }
            }
        }
    }

    public static void main(String[] args) {
        int y = args.length > 0 ? args[0].length() : 0;
        nonLoop(args.length, y);
    }
}
