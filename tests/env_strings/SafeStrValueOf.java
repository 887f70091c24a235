// EXPECT: none
public class SafeStrValueOf {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        String t = String.valueOf(x);
        if (x >= 0 && t.charAt(0) == '-') {
            throw new IllegalStateException(t);
        }
    }
}
