// EXPECT: TERMINATES safe=yes twin=NontermParallelGrowth
// WHY: x - y drops by 1 in each iteration, so x - y > 0 fails after args.length rounds.
public class ParallelShrink {
    public static void main(String[] args) {
        int x = args.length;
        int y = 0;
        while (x - y > 0) {
            x++;
            y += 2;
        }
    }
}
