// EXPECT: NONTERM args=[] stackoverflow=yes
// WHY: n = 2 * args.length + 1 is odd and n - 2 stays odd, so n never reaches 0 and g recurses forever.
public class ClpRecOddStep {
    static void g(int n) {
        if (n != 0) {
            g(n - 2);
        }
    }

    public static void main(String[] args) {
        g(2 * args.length + 1);
    }
}
