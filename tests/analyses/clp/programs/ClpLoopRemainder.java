// EXPECT: NONTERM args=[""]
// WHY: x = args.length = 1 is not a multiple of 3, and adding 3 keeps its remainder.
public class ClpLoopRemainder {
    public static void main(String[] args) {
        int x = args.length;
        while (x % 3 != 0) {
            x = x - 3;
            x = x + 3;
        }
    }
}
