// EXPECT: java.lang.IllegalStateException
// One input in 2^32 fails, only through int overflow: no integer x has 31x + 7 = -1234567890.
public class RareHash {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        int h = x * 31 + 7;
        if (h == -1234567890) { // x = -178372103
            throw new IllegalStateException("collision");
        }
    }
}
