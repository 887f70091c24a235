// Steps x down by two until it is zero: with an odd number of arguments x skips 0 and runs
// on forever (x = 1, -1, -3, ...), so no measure may prove this loop terminating.
public class StepsOfTwo {
    public static void main(String[] args) {
        int x = args.length;
        while (x != 0) {
            x -= 2;
        }
    }
}
