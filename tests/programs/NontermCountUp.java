// EXPECT: NONTERM args=["a","b"] kind=nonlooping overflow=yes wrap=fast
// WHY: i starts at args.length >= 1 and only grows, so i > 0 never fails; 32-bit i wraps to negative after 2^31 steps.
public class NontermCountUp {
    public static void main(String[] args) {
        int i = args.length;
        while (i > 0) {
            i++;
        }
    }
}
