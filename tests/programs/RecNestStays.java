// EXPECT: NONTERM args=[] kind=nonlooping stackoverflow=yes twin=RecNestShrinks
// WHY: the base case needs x == 1, but from x = 0 the inner call goes to -2, -4, ... and never meets it.
public class RecNestStays {
    static int shrink(int x) {
        if (x == 1) {
            return x;
        }
        return shrink(shrink(x - 2) + 1);
    }

    public static void main(String[] args) {
        shrink(args.length);
    }
}
