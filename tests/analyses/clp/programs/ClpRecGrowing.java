// EXPECT: NONTERM args=[] stackoverflow=yes
// WHY: the base case needs x < 0, but x = args.length >= 0 only grows: an infinite recursion.
public class ClpRecGrowing {
    static int f(int x) {
        if (x < 0) {
            return 0;
        }
        return f(x + 1) + 1;
    }

    public static void main(String[] args) {
        f(args.length);
    }
}
