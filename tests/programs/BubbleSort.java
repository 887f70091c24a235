// EXPECT: TERMINATES safe=yes
// WHY: the outer bound end shrinks by 1 per pass and the inner index runs up to end - 1.
public class BubbleSort {
    public static void main(String[] args) {
        int[] a = new int[args.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = args[i].length();
        }
        for (int end = a.length; end > 1; end--) {
            for (int i = 0; i + 1 < end; i++) {
                if (a[i] > a[i + 1]) {
                    int t = a[i];
                    a[i] = a[i + 1];
                    a[i + 1] = t;
                }
            }
        }
    }
}
