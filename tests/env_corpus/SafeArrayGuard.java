// EXPECT: none
public class SafeArrayGuard {
    public static void main(String[] args) {
        int n = Verifier.nondetInt();
        int[] a = new int[5];
        if (n >= 0 && n < 5) {
            a[n] = 1;
        }
    }
}
