// EXPECT: TERMINATES safe=yes twin=RecNestStays
// WHY: shrink(x) never exceeds x, so the outer call shrink(shrink(x - 2) + 1) gets at most x - 1 and the argument falls to 1.
public class RecNestShrinks {
    static int shrink(int x) {
        if (x <= 1) {
            return x;
        }
        return shrink(shrink(x - 2) + 1);
    }

    public static void main(String[] args) {
        shrink(args.length);
    }
}
