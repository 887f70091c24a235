// Does not terminate: the last node is linked back to the first along next before the walk,
// so the walk along next never meets null (the look-alike of WalkThenRing).
public class RingThenWalk {
    RingThenWalk pred, next;

    RingThenWalk(RingThenWalk pred) {
        if (pred != null) {
            pred.next = this;
        }
        this.pred = pred;
    }

    static int length(RingThenWalk l) {
        int r = 1;
        while ((l = l.next) != null) {
            r++;
        }
        return r;
    }

    public static void main(String[] args) {
        RingThenWalk first = new RingThenWalk(null);
        RingThenWalk cur = first;
        for (int i = 0; i < args.length; i++) {
            cur = new RingThenWalk(cur);
        }
        cur.next = first;
        length(first);
    }
}
