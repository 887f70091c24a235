// EXPECT: none
public class SafeStrBuilder {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        StringBuilder sb = new StringBuilder("x");
        sb.append(s);
        if (sb.toString().startsWith("y")) {
            throw new IllegalStateException(sb.toString());
        }
    }
}
