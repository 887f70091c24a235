// EXPECT: java.lang.AssertionError
public class FailArgs {
    public static void main(String[] args) {
        if (args.length == 2) {
            int x = Verifier.nondetInt();
            assert x != args.length * 1000;
        }
    }
}
