// Terminates: as RingSearch, but the outer loop stops at k != args.length, which needs the
// invariant k <= args.length besides the distance from the walk to the header.
public class RingSearchNe {
    public static void main(String[] args) {
        RingSearchNeRing r = new RingSearchNeRing();
        for (int i = 0; i < args.length; i++) r.add(args[i].length());
        int found = 0;
        for (int k = 0; k != args.length; k++) if (r.indexOf(k) >= 0) found++;
    }
}

class RingSearchNeEntry {
    int v;
    RingSearchNeEntry next;
}

class RingSearchNeRing {
    RingSearchNeEntry header = new RingSearchNeEntry();
    RingSearchNeRing() { header.next = header; }
    void add(int v) {
        RingSearchNeEntry e = new RingSearchNeEntry();
        e.v = v;
        e.next = header.next;
        header.next = e;
    }
    int indexOf(int v) {
        int i = 0;
        for (RingSearchNeEntry e = header.next; e != header; e = e.next) {
            if (e.v == v) return i;
            i++;
        }
        return -1;
    }
}
