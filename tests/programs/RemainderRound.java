// EXPECT: TERMINATES safe=yes twin=NontermRemainderStuck
// WHY: x >= 0 and x++ changes x % 3 through 1 -> 2 -> 0, so the loop test fails after at most two iterations.
public class RemainderRound {
    public static void main(String[] args) {
        int x = args.length;
        while (x % 3 != 0) {
            x++;
        }
    }
}
