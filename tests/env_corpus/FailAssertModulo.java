// EXPECT: java.lang.AssertionError
public class FailAssertModulo {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        Verifier.assume(x > 10 && x < 20);
        assert x % 7 != 3 : "x is 17";
    }
}
