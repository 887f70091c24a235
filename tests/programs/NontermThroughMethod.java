// EXPECT: NONTERM args=[""] kind=looping
// WHY: step() returns i unchanged for an empty string, so the loop at that index never advances.
public class NontermThroughMethod {
    static int step(int i, String s) {
        return s.length() > 0 ? i + 1 : i;
    }

    public static void main(String[] args) {
        int i = 0;
        while (i < args.length) {
            i = step(i, args[i]);
        }
    }
}
