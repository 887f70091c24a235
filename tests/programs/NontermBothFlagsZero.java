// EXPECT: NONTERM args=[] kind=looping twin=OneOfTwoFlags
// WHY: with fewer than two arguments both flags stay 0, so x == y holds forever.
public class NontermBothFlagsZero {
    public static void main(String[] args) {
        int x = 0;
        int y = 0;
        if (args.length > 1) {
            x = 1;
        }
        while (x == y) {
            x = x + 0;
        }
    }
}
