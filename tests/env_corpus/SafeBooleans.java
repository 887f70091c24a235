// EXPECT: none
public class SafeBooleans {
    public static void main(String[] args) {
        boolean a = Verifier.nondetBoolean();
        boolean b = Verifier.nondetBoolean();
        if (a && b && !a) {
            throw new IllegalStateException("unreachable");
        }
    }
}
