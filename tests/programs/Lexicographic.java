// EXPECT: TERMINATES safe=yes
// WHY: each step decreases the pair (x, y) lexicographically: y drops, or x drops while y is reset to m.
public class Lexicographic {
    public static void main(String[] args) {
        int m = args.length;
        int x = args.length > 0 ? args[0].length() : 3;
        int y = m;
        while (x > 0) {
            if (y > 0) {
                y--;
            } else {
                x--;
                y = m;
            }
        }
    }
}
