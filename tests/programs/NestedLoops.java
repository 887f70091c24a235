// EXPECT: TERMINATES safe=yes
// WHY: the outer counter is bounded by n and the inner one by the outer counter.
public class NestedLoops {
    public static void main(String[] args) {
        int n = args.length * 3;
        int pairs = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                pairs++;
            }
        }
    }
}
