// EXPECT: none
public class SafeStrConcat {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        String t = s + "!";
        if (t.equals("hi")) {
            throw new IllegalStateException(t);
        }
    }
}
