// EXPECT: java.lang.ArrayIndexOutOfBoundsException
// Integer.MAX_VALUE + 1 is negative: the index leaves the array only through overflow.
public class RareIncrement {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        Verifier.assume(x >= 4);
        int[] a = new int[5];
        int i = x + 1;
        if (i > 4) {
            return;
        }
        a[i] = 1;
    }
}
