// Does not terminate: the reversal skips the write while y is null, so no cell of the ring ever
// gets a null next and x never becomes null (look-alike of ReverseRing).
public class ReverseRingKeep {
    ReverseRingKeep n;

    ReverseRingKeep(ReverseRingKeep next) {
        n = next;
    }

    static void reverse(ReverseRingKeep x) {
        ReverseRingKeep y = null;
        while (x != null) {
            ReverseRingKeep z = x;
            x = x.n;
            if (y != null) {
                z.n = y;
            }
            y = z;
        }
    }

    public static void main(String[] args) {
        ReverseRingKeep last = new ReverseRingKeep(null);
        ReverseRingKeep first = last;
        for (int i = 0; i < args.length; i++) {
            first = new ReverseRingKeep(first);
        }
        last.n = first;
        reverse(first);
    }
}
