// EXPECT: java.lang.AssertionError
// The failing entry is written by the 20th iteration.
public class DeepArray {
    public static void main(String[] args) {
        int[] a = new int[20];
        for (int i = 0; i < a.length; i++) {
            a[i] = i * i;
        }
        int k = Verifier.nondetInt();
        Verifier.assume(k >= 0 && k < 20);
        assert a[k] != 361;
    }
}
