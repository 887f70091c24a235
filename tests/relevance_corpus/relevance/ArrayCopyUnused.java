// FOR: all
// WHY: copy is a fresh array filled by a terminating loop and never read; the sum of the
// values is returned.
public class ArrayCopyUnused {
    public static int run(int n) {
        int[] copy = new int[3]; // IRRELEVANT
        int sum = 0;
        for (int i = 0; i < 3; i++) {
            copy[i] = n + i; // IRRELEVANT
            sum += n;
        }
        return sum;
    }
}
