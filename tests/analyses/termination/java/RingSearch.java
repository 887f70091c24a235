// Terminates: each indexOf walks a ring from header.next back to its header (every node is
// on the ring), and the outer loop counts k up to args.length.
public class RingSearch {
    public static void main(String[] args) {
        RingSearchRing r = new RingSearchRing();
        for (int i = 0; i < args.length; i++) r.add(args[i].length());
        int found = 0;
        for (int k = 0; k < args.length; k++) if (r.indexOf(k) >= 0) found++;
    }
}

class RingSearchEntry {
    int v;
    RingSearchEntry next;
}

class RingSearchRing {
    RingSearchEntry header = new RingSearchEntry();
    RingSearchRing() { header.next = header; }
    void add(int v) {
        RingSearchEntry e = new RingSearchEntry();
        e.v = v;
        e.next = header.next;
        header.next = e;
    }
    int indexOf(int v) {
        int i = 0;
        for (RingSearchEntry e = header.next; e != header; e = e.next) {
            if (e.v == v) return i;
            i++;
        }
        return -1;
    }
}
