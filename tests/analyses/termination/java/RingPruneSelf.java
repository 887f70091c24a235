// Does not terminate for args of length >= 1 (a ring of two or more nodes): the first node
// after h is unlinked and turned into a self-loop before c moves on, so c stays on it and
// never meets h.
public class RingPruneSelf {
    RingPruneSelf next;

    RingPruneSelf(RingPruneSelf next) {
        this.next = next;
    }

    static RingPruneSelf ring(int size) {
        RingPruneSelf last = new RingPruneSelf(null);
        RingPruneSelf current = last;
        while (--size > 0) {
            current = new RingPruneSelf(current);
        }
        return last.next = current;
    }

    static void prune(RingPruneSelf h, int bits) {
        RingPruneSelf p = h;
        RingPruneSelf c = p.next;
        while (c != h) {
            RingPruneSelf o = c;
            if (bits % 2 == 0) {
                p.next = o.next;
                o.next = o;
            } else {
                p = o;
            }
            c = c.next;
            bits = bits / 2;
        }
    }

    public static void main(String[] args) {
        prune(ring(args.length + 1), 0);
    }
}
