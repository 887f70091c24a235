// EXPECT: TERMINATES safe=yes twin=NontermThroughMethod
// WHY: step() always returns at least i + 1, so i reaches args.length.
public class ThroughMethodAdvances {
    static int step(int i, String s) {
        return s.length() > 0 ? i + s.length() : i + 1;
    }

    public static void main(String[] args) {
        int i = 0;
        while (i < args.length) {
            i = step(i, args[i]);
        }
    }
}
