// EXPECT: TERMINATES safe=yes
// WHY: d = |x - y| >= 0 counts down to 0.
public class AbsDistance {
    public static void main(String[] args) {
        int x = args.length;
        int y = args.length > 0 ? args[args.length - 1].length() : 4;
        int d = Math.abs(x - y);
        while (d > 0) {
            d--;
        }
    }
}
