// EXPECT: java.lang.IllegalStateException
public class FailStrCompare {
    public static void main(String[] args) {
        String a = Verifier.nondetString();
        String b = Verifier.nondetString();
        if (a.length() == 2 && a.compareTo(b) == 3) {
            throw new IllegalStateException(a + " " + b);
        }
    }
}
