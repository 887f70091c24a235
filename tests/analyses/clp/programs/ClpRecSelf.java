// EXPECT: NONTERM args=[] stackoverflow=yes
// WHY: f(x) calls f(x) with the same argument before anything else: an infinite recursion.
public class ClpRecSelf {
    static int f(int x) {
        return f(x);
    }

    public static void main(String[] args) {
        f(args.length);
    }
}
