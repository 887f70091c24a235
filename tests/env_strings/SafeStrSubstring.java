// EXPECT: none
public class SafeStrSubstring {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.length() >= 3 && s.substring(0, 2).equals("ab") && !s.startsWith("a")) {
            throw new IllegalStateException(s);
        }
    }
}
