// EXPECT: java.lang.AssertionError
public class FailLongOverflow {
    public static void main(String[] args) {
        long x = Verifier.nondetLong();
        Verifier.assume(x > 0);
        long y = x + 1;
        assert y > 0 : "overflow at Long.MAX_VALUE";
    }
}
