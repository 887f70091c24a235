// EXPECT: java.lang.AssertionError
public class FailArrayPair {
    public static void main(String[] args) {
        int[] a = {1, 2, 3, 4};
        int i = Verifier.nondetInt();
        int j = Verifier.nondetInt();
        Verifier.assume(0 <= i && i < 4 && 0 <= j && j < 4);
        assert a[i] + a[j] != 7;
    }
}
