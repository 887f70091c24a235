// EXPECT: java.lang.AssertionError
public class FailStrCharAt {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.length() > 2) {
            assert s.charAt(2) != 'x';
        }
    }
}
