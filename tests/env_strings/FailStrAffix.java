// EXPECT: java.lang.UnsupportedOperationException
public class FailStrAffix {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.startsWith("ab") && s.endsWith("yz") && s.length() == 5) {
            throw new UnsupportedOperationException(s);
        }
    }
}
