// EXPECT: none
public class SafeAssertHolds {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        Verifier.assume(x >= 0 && x < 100);
        assert x * 2 < 200;
    }
}
