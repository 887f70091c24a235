// Does not terminate for args = {"", ""}: indexOf(1) walks the ring (values 0) until null,
// which no ring node holds (the look-alike of RingSearch).
public class RingSearchNull {
    public static void main(String[] args) {
        RingSearchNullRing r = new RingSearchNullRing();
        for (int i = 0; i < args.length; i++) r.add(args[i].length());
        int found = 0;
        for (int k = 0; k < args.length; k++) if (r.indexOf(k) >= 0) found++;
    }
}

class RingSearchNullEntry {
    int v;
    RingSearchNullEntry next;
}

class RingSearchNullRing {
    RingSearchNullEntry header = new RingSearchNullEntry();
    RingSearchNullRing() { header.next = header; }
    void add(int v) {
        RingSearchNullEntry e = new RingSearchNullEntry();
        e.v = v;
        e.next = header.next;
        header.next = e;
    }
    int indexOf(int v) {
        int i = 0;
        for (RingSearchNullEntry e = header.next; e != null; e = e.next) {
            if (e.v == v) return i;
            i++;
        }
        return -1;
    }
}
