// EXPECT: none
public class SafeStrCharAt {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.length() > 2 && s.charAt(2) == 'x' && s.indexOf('x') < 0) {
            throw new IllegalStateException(s);
        }
    }
}
