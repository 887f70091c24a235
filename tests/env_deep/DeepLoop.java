// EXPECT: java.lang.AssertionError
// The failure needs 50 iterations: too deep for the witness search, never to be proved absent.
public class DeepLoop {
    public static void main(String[] args) {
        int n = Verifier.nondetInt();
        Verifier.assume(n >= 0 && n < 1000);
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += 2;
        }
        assert s != 100;
    }
}
