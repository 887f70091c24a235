// EXPECT: TERMINATES
// WHY: the sign of i flips forever, but k bounds the loop to ten iterations.
public class ClpTermFlipBounded {
    public static void main(String[] args) {
        int i = args.length + 1;
        int k = 0;
        while (i != 0 && k < 10) {
            i = -i;
            k = k + 1;
        }
    }
}
