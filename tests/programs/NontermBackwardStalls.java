// EXPECT: NONTERM args=["","a"] kind=looping twin=BackwardCountsEmpty
// WHY: read from the last argument back, "a" moves pos to 1 and i to 1; then the empty argument holds i, and pos stays at 1 below 3 * total = 3.
public class NontermBackwardStalls {
    public static void main(String[] args) {
        int total = 0;
        for (int k = 0; k < args.length; k++) {
            total += args[k].length();
        }
        int i = 0;
        int pos = 0;
        while (pos < 3 * total) {
            int len = args[args.length - 1 - i % args.length].length();
            pos += len;
            if (len != 0) {
                i++;
            }
        }
    }
}
