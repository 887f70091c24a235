// Terminates: a doubly linked list is cyclic through pred and next together, but acyclic
// along next alone while the walk runs; only after the walk is the last node linked back to
// the first along next (the look-alike RingThenWalk does that before the walk: no end).
public class WalkThenRing {
    WalkThenRing pred, next;

    WalkThenRing(WalkThenRing pred) {
        if (pred != null) {
            pred.next = this;
        }
        this.pred = pred;
    }

    static int length(WalkThenRing l) {
        int r = 1;
        while ((l = l.next) != null) {
            r++;
        }
        return r;
    }

    public static void main(String[] args) {
        WalkThenRing first = new WalkThenRing(null);
        WalkThenRing cur = first;
        for (int i = 0; i < args.length; i++) {
            cur = new WalkThenRing(cur);
        }
        length(first);
        cur.next = first;
    }
}
