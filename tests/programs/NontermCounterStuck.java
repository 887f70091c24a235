// EXPECT: NONTERM args=["a"] kind=looping
// WHY: i only advances past arguments longer than 2, so a short argument keeps i (and the loop test) fixed.
public class NontermCounterStuck {
    public static void main(String[] args) {
        int i = 0;
        while (i < args.length) {
            if (args[i].length() > 2) {
                i++;
            }
        }
    }
}
