// EXPECT: NONTERM args=["a"] kind=nonlooping overflow=yes wrap=fast
// WHY: a positive x stays positive when doubled, so x > 0 holds forever; with 32-bit ints 2^30 * 2 wraps negative.
public class NontermDoubling {
    public static void main(String[] args) {
        int x = args.length;
        while (x > 0) {
            x = x * 2;
        }
    }
}
