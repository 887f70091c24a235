// EXPECT: java.lang.IllegalStateException
public class FailStrConcat {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        String t = s + "!" + s.length();
        if (t.equals("hi!2")) {
            throw new IllegalStateException(t);
        }
    }
}
