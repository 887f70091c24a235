// EXPECT: NONTERM args=["a","","a"] kind=looping twin=EmptyWordPasses
// WHY: pos moves by the word at i, and i moves on only past a non-empty word, so the empty word between two non-empty ones holds both while pos (1) is below the total (2).
public class NontermEmptyWordStalls {
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
            if (len != 0) {
                i++;
            }
        }
    }
}
