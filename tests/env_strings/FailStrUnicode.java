// EXPECT: java.lang.IllegalStateException
public class FailStrUnicode {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.length() == 2 && s.charAt(1) == '\u00e9' && s.charAt(0) > 'z') {
            throw new IllegalStateException(s);
        }
    }
}
