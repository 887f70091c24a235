// EXPECT: none
public class SafeLoopSum {
    public static void main(String[] args) {
        int n = Verifier.nondetInt();
        Verifier.assume(n > 0 && n < 50);
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        System.out.println(a[n - 1]);
    }
}
