// EXPECT: NONTERM args=[] kind=nonlooping
// WHY: x starts odd and steps by 2, so it is never 0 (odd also modulo 2^32) while it keeps changing.
public class NontermOddNeverZero {
    public static void main(String[] args) {
        int x = 2 * args.length + 1;
        while (x != 0) {
            x = x - 2;
        }
    }
}
