// EXPECT: none
public class SafeStrIndexOf {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        int k = s.indexOf("ab");
        if (k >= 0 && s.charAt(k + 1) != 'b') {
            throw new IllegalStateException(s);
        }
    }
}
