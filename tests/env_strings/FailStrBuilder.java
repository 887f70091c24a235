// EXPECT: java.lang.IllegalStateException
public class FailStrBuilder {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        int n = Verifier.nondetInt();
        StringBuilder sb = new StringBuilder();
        sb.append(s).append('-').append(n);
        if (sb.toString().equals("ab-17")) {
            throw new IllegalStateException(sb.toString());
        }
    }
}
