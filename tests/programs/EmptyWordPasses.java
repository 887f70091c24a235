// EXPECT: TERMINATES safe=yes twin=NontermEmptyWordStalls
// WHY: i moves past every word, empty or not, so every args.length iterations add the total (> 0 once the loop runs) to pos.
public class EmptyWordPasses {
    public static void main(String[] args) {
        int total = 0;
        for (int k = 0; k < args.length; k++) {
            total += args[k].length();
        }
        int i = 0;
        while (i < args.length && args[i].length() == 0) {
            i++;
        }
        int pos = 0;
        while (pos < total) {
            int len = args[i % args.length].length();
            pos += len;
            i++;
        }
    }
}
