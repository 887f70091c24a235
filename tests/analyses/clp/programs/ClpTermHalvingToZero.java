// EXPECT: TERMINATES
// WHY: twin of ClpLoopHalving: halving reaches 0 from every start.
public class ClpTermHalvingToZero {
    public static void main(String[] args) {
        int x = args.length;
        while (x != 0) {
            x = x / 2;
        }
    }
}
