// EXPECT: TERMINATES safe=yes
// WHY: while x >= y > 1 the quotient x / y is at most half of x, so x shrinks until it is below y.
public class LogDivision {
    public static void main(String[] args) {
        int x = args.length * 100;
        int y = args.length > 0 ? args[0].length() : 2;
        int steps = 0;
        while (x >= y && y > 1) {
            x = x / y;
            steps++;
        }
    }
}
