// FOR: all
// WHY: d % 7 never throws (the divisor is 7), and q is never read.
public class RemainderNoException {
    public static int run(int d) {
        int q = d % 7; // IRRELEVANT
        return d;
    }
}
