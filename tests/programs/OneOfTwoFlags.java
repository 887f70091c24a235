// EXPECT: TERMINATES safe=yes twin=NontermBothFlagsZero
// WHY: exactly one of x and y is 1 and the other 0, so the loop condition x == y never holds.
public class OneOfTwoFlags {
    public static void main(String[] args) {
        int x = 0;
        int y = 0;
        if (args.length > 1) {
            x = 1;
        } else {
            y = 1;
        }
        while (x == y) {
            x = x + 0;
        }
    }
}
