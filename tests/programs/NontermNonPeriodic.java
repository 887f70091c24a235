// EXPECT: NONTERM args=[] kind=nonlooping
// WHY: each round x climbs to y, then restarts at 0 and y grows: x >= 0 forever (also in 32 bits, x < y <= MAX) and no state repeats.
public class NontermNonPeriodic {
    public static void main(String[] args) {
        int x = args.length;
        int y = 1;
        while (x >= 0) {
            if (x < y) {
                x++;
            } else {
                x = 0;
                y++;
            }
        }
    }
}
