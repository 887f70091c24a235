// EXPECT: TERMINATES safe=yes twin=NontermNestedInner
// WHY: the inner loop increments j on every iteration, so both loops are bounded by n.
public class NestedInnerFixed {
    public static void main(String[] args) {
        int n = args.length;
        int hits = 0;
        for (int i = 0; i < n; i++) {
            int j = 0;
            while (j < n) {
                if (j == i) {
                    hits++;
                }
                j++;
            }
        }
    }
}
