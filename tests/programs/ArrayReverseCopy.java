// EXPECT: TERMINATES safe=yes
// WHY: i counts up to n while n - 1 - i stays in 0..n-1, and the swap loop meets in the middle.
public class ArrayReverseCopy {
    public static void main(String[] args) {
        int n = args.length;
        int[] copy = new int[n];
        for (int i = 0; i < n; i++) {
            copy[n - 1 - i] = args[i].length();
        }
        for (int lo = 0, hi = n - 1; lo < hi; lo++, hi--) {
            int t = copy[lo];
            copy[lo] = copy[hi];
            copy[hi] = t;
        }
    }
}
