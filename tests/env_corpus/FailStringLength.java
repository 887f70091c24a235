// EXPECT: java.lang.ArrayIndexOutOfBoundsException
public class FailStringLength {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        if (s.length() > 5) {
            int[] a = new int[3];
            a[s.length()] = 1;
        }
    }
}
