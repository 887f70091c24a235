// EXPECT: TERMINATES safe=yes
// WHY: y starts at 2 and squaring a number of at least 2 at least doubles it, so y passes the fixed x.
public class SquareUntilAbove {
    public static void main(String[] args) {
        int x = args.length * 1000;
        int y = 2;
        int rounds = 0;
        while (x > y) {
            y = y * y;
            rounds++;
        }
    }
}
