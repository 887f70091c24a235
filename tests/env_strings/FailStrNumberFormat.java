// EXPECT: java.lang.NumberFormatException
public class FailStrNumberFormat {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        Verifier.assume(s.length() == 2);
        int n = Integer.parseInt(s);
        System.out.println(n + 1);
    }
}
