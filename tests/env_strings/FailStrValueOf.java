// EXPECT: java.lang.AssertionError
public class FailStrValueOf {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        String t = String.valueOf(x);
        assert !(t.length() == 3 && t.charAt(0) == '-' && t.charAt(2) == '7');
    }
}
