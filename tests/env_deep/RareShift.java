// EXPECT: java.lang.AssertionError
// 1 << 31 is negative in Java.
public class RareShift {
    public static void main(String[] args) {
        int n = Verifier.nondetInt();
        Verifier.assume(n >= 0 && n < 32);
        int bit = 1 << n;
        assert bit > 0;
    }
}
