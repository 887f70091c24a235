// EXPECT: none
public class SafeStringLength {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        int[] a = new int[s.length() + 1];
        a[s.length()] = 1;
    }
}
