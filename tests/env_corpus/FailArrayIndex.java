// EXPECT: java.lang.ArrayIndexOutOfBoundsException
public class FailArrayIndex {
    public static void main(String[] args) {
        int n = Verifier.nondetInt();
        Verifier.assume(n >= 0);
        int[] a = new int[5];
        a[n] = 1;
    }
}
