// EXPECT: TERMINATES safe=yes
// WHY: the inner loop counts j down from i to 0; the outer loop counts i down to 0.
public class NestedCountDown {
    public static void main(String[] args) {
        int i = 0;
        for (int k = 0; k < args.length; k++) {
            i += args[k].length();
        }
        while (i > 0) {
            int j = i;
            while (j > 0) {
                j--;
            }
            i--;
        }
    }
}
