// EXPECT: TERMINATES safe=yes twin=NontermRingStalls
// WHY: the index goes round the whole ring, so every args.length iterations add the total (> 0 once the loop runs) to pos.
public class RingAdvances {
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
            i = (i + 1) % args.length;
        }
    }
}
