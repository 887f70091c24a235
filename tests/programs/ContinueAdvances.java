// EXPECT: TERMINATES safe=yes twin=NontermContinue
// WHY: both paths through the body, including the one ending in continue, increment i.
public class ContinueAdvances {
    public static void main(String[] args) {
        int i = 0;
        int empty = 0;
        while (i < args.length) {
            if (args[i].length() == 0) {
                empty++;
                i++;
                continue;
            }
            i++;
        }
    }
}
