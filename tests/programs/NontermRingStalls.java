// EXPECT: NONTERM args=["","a"] kind=looping twin=RingAdvances
// WHY: the index moves round the ring only past a non-empty argument, so the empty argument at index 0 holds it while pos (0) is below the total (1).
public class NontermRingStalls {
    public static void main(String[] args) {
        int total = 0;
        for (int k = 0; k < args.length; k++) {
            total += args[k].length();
        }
        int i = 0;
        int pos = 0;
        while (pos < total) {
            int len = args[i].length();
            pos += len;
            if (len != 0) {
                i = (i + 1) % args.length;
            }
        }
    }
}
