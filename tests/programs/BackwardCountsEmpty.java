// EXPECT: TERMINATES safe=yes twin=NontermBackwardStalls
// WHY: an empty argument still moves pos by one (Math.max(len, 1) >= 1), so pos grows every iteration up to 3 * total.
public class BackwardCountsEmpty {
    public static void main(String[] args) {
        int total = 0;
        for (int k = 0; k < args.length; k++) {
            total += args[k].length();
        }
        int i = 0;
        int pos = 0;
        while (pos < 3 * total) {
            int len = args[args.length - 1 - i % args.length].length();
            pos += Math.max(len, 1);
            if (len != 0) {
                i++;
            }
        }
    }
}
