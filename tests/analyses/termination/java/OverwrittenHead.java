/**
 * Terminates (by a NullPointerException in the third iteration): {@code first.next} is
 * overwritten with a fresh node (whose {@code next} is null) before every step of the walk,
 * so the walk goes first -> the fresh node -> null, and the third {@code cur.next} throws.
 * Merged loop-head states forget that {@code cur} has only these three values: the proof
 * needs the loop's first iterations apart (issue 36, the class of TPDB's SharingPair).
 */
public class OverwrittenHead {
    OverwrittenHead next;

    public static void main(String[] args) {
        OverwrittenHead first = new OverwrittenHead();
        OverwrittenHead second = new OverwrittenHead();
        OverwrittenHead cur;
        if (args.length == 0) {
            first.next = second;
            cur = first;
        } else {
            second.next = first;
            cur = second;
        }
        while (true) {
            if (args.length == 0) {
                first.next = new OverwrittenHead();
            } else {
                second.next = new OverwrittenHead();
            }
            cur = cur.next;
        }
    }
}
