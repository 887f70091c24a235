// EXPECT: java.lang.ArrayIndexOutOfBoundsException
public class FailStrIndexOf {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        int k = s.indexOf(':');
        if (k > 2) {
            int[] fields = new int[3];
            fields[k] = 1;
        }
    }
}
