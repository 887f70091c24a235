// EXPECT: TERMINATES safe=yes twin=NontermOddNeverZero
// WHY: x starts even and non-negative and drops by 2, so it hits 0 exactly.
public class EvenReachesZero {
    public static void main(String[] args) {
        int x = 2 * args.length;
        while (x != 0) {
            x = x - 2;
        }
    }
}
