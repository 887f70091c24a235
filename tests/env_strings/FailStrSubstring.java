// EXPECT: java.lang.IllegalStateException
public class FailStrSubstring {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.length() >= 4 && s.substring(1, 3).equals("ok")) {
            throw new IllegalStateException(s);
        }
    }
}
