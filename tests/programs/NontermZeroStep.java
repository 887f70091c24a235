// EXPECT: NONTERM args=["a","b"] kind=looping
// WHY: the step args.length - 2 is 0 for two arguments, so j stays 10 > 0.
public class NontermZeroStep {
    public static void main(String[] args) {
        int step = args.length - 2;
        int j = 10;
        while (j > 0) {
            j -= step;
        }
    }
}
