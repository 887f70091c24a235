// EXPECT: TERMINATES safe=yes twin=NontermCounterStuck
// WHY: i grows by at least 1 in every iteration and the loop stops once i >= args.length.
public class CounterAdvances {
    public static void main(String[] args) {
        int i = 0;
        while (i < args.length) {
            if (args[i].length() > 2) {
                i += 2;
            } else {
                i++;
            }
        }
    }
}
