// EXPECT: java.lang.AssertionError
public class FailAfterExit {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        if (x < 0) {
            System.exit(0);
        }
        assert x != 12345;
    }
}
