// EXPECT: none
public class SafeStrParse {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        try {
            int n = Integer.parseInt(s);
            if (s.equals("42") && n != 42) {
                throw new IllegalStateException(s);
            }
            if (n > 5 && s.equals("-3")) {
                throw new IllegalStateException(s);
            }
        } catch (NumberFormatException e) {
            if (s.equals("17")) {
                throw new IllegalStateException(s);
            }
        }
    }
}
