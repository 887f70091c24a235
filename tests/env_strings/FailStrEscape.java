// EXPECT: java.lang.IllegalStateException
public class FailStrEscape {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.equals("say \"hi\"\\n")) {
            throw new IllegalStateException(s);
        }
    }
}
