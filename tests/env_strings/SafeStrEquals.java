// EXPECT: none
public class SafeStrEquals {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.equals("crash") && s.charAt(0) != 'c') {
            throw new IllegalStateException("crash");
        }
    }
}
