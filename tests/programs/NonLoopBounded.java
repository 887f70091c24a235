// EXPECT: TERMINATES safe=yes twin=NonLoop
// WHY: x decreases to y, and then y++ makes x < y, so the loop leaves after at most x - y + 1 rounds.
public class NonLoopBounded {
    static void nonLoop(int x, int y) {
        if (y >= 0) {
            while (x >= y) {
                int z = x - y;
                if (z > 0) {
                    x--;
                } else {
                    y++;
                }
            }
        }
    }

    public static void main(String[] args) {
        int y = args.length > 0 ? args[0].length() : 0;
        nonLoop(args.length, y);
    }
}
