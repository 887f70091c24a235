// EXPECT: TERMINATES
// WHY: the loop has no exit, but i grows until a[i] is out of bounds; the uncaught exception ends main (always).
public class EndsByException {
    public static void main(String[] args) {
        int[] a = new int[args.length];
        int i = 0;
        int sum = 0;
        while (true) {
            sum += a[i];
            i++;
        }
    }
}
