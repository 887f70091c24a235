// EXPECT: NONTERM args=[""] kind=looping
// WHY: continue skips the increment for an empty argument, so i stays at that argument forever.
public class NontermContinue {
    public static void main(String[] args) {
        int i = 0;
        while (i < args.length) {
            if (args[i].length() == 0) {
                continue;
            }
            i++;
        }
    }
}
