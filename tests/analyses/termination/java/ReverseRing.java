// Terminates: the first iteration stores y == null into the first cell, which cuts the ring;
// from then on x walks a path that ends at null (the reversal of a cyclic list, BMOG CAV'12).
public class ReverseRing {
    ReverseRing n;

    ReverseRing(ReverseRing next) {
        n = next;
    }

    static void reverse(ReverseRing x) {
        ReverseRing y = null;
        while (x != null) {
            ReverseRing z = x;
            x = x.n;
            z.n = y;
            y = z;
        }
    }

    public static void main(String[] args) {
        ReverseRing last = new ReverseRing(null);
        ReverseRing first = last;
        for (int i = 0; i < args.length; i++) {
            first = new ReverseRing(first);
        }
        last.n = first;
        reverse(first);
    }
}
