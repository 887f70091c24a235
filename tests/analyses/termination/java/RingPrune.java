// Terminates: c walks round the ring towards h; the nodes it unlinks (p.next = c) lie behind
// it, so the rest of its way to h is never changed and shrinks by one node per step.
public class RingPrune {
    RingPrune next;

    RingPrune(RingPrune next) {
        this.next = next;
    }

    static RingPrune ring(int size) {
        RingPrune last = new RingPrune(null);
        RingPrune current = last;
        while (--size > 0) {
            current = new RingPrune(current);
        }
        return last.next = current;
    }

    static void prune(RingPrune h, int bits) {
        RingPrune p = h;
        RingPrune c = p.next;
        while (c != h) {
            RingPrune o = c;
            c = c.next;
            if (bits % 2 == 1) {
                p.next = c;
            } else {
                p = o;
            }
            bits = bits / 2;
        }
    }

    public static void main(String[] args) {
        prune(ring(args.length), args.length);
    }
}
