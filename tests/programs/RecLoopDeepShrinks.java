// EXPECT: TERMINATES safe=yes
// WHY: x starts at args.length and drops by one per iteration, so the loop ends after at most args.length calls of down(x), each of which returns after x steps.
public class RecLoopDeepShrinks {
    static void down(int n) {
        if (n > 0) {
            down(n - 1);
        }
    }

    public static void main(String[] args) {
        int x = args.length;
        while (x > 0) {
            down(x);
            x = x - 1;
        }
    }
}
