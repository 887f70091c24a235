// EXPECT: none
public class SafeStrCompare {
    public static void main(String[] args) {
        String a = Verifier.nondetString();
        String b = Verifier.nondetString();
        if (a.equals(b) && a.compareTo(b) != 0) {
            throw new IllegalStateException(a);
        }
    }
}
