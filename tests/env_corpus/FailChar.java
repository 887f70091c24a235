// EXPECT: java.lang.AssertionError
public class FailChar {
    public static void main(String[] args) {
        char c = Verifier.nondetChar();
        if (c >= 'a' && c <= 'z') {
            assert c != 'q';
        }
    }
}
