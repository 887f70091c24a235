// EXPECT: NONTERM args=[] stackoverflow=yes
// WHY: a(x) calls b(x + 1), which calls a(x) again: mutual recursion without a base case.
public class ClpRecMutual {
    static int a(int x) {
        return b(x + 1) + 1;
    }

    static int b(int x) {
        return a(x - 1);
    }

    public static void main(String[] args) {
        a(args.length);
    }
}
