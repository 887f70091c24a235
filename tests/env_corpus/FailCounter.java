// EXPECT: java.lang.AssertionError
public class FailCounter {
    public static void main(String[] args) {
        int n = Verifier.nondetInt();
        Verifier.assume(n > 0 && n < 10);
        int i = 0;
        while (i < n) {
            i++;
        }
        assert i != 3;
    }
}
