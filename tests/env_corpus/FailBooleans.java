// EXPECT: java.lang.IllegalStateException
public class FailBooleans {
    public static void main(String[] args) {
        boolean first = Verifier.nondetBoolean();
        boolean second = Verifier.nondetBoolean();
        if (first && !second) {
            throw new IllegalStateException("first without second");
        }
    }
}
