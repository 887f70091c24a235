// EXPECT: NONTERM args=["a"] kind=looping
// WHY: the inner loop never moves j past i, so for i = 0 < n it is stuck at j = 0 < n.
public class NontermNestedInner {
    public static void main(String[] args) {
        int n = args.length;
        for (int i = 0; i < n; i++) {
            int j = 0;
            while (j < n) {
                if (j != i) {
                    j++;
                }
            }
        }
    }
}
