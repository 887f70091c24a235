// EXPECT: none
public class SafeAbs {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        Verifier.assume(x > -1000 && x < 1000);
        int y = x < 0 ? -x : x;
        assert y >= 0;
    }
}
