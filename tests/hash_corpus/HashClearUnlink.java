// EXPECT: TERMINATES
// WHY: clear walks each bucket's acyclic list once, saving next before it cuts the entry's link, and the bucket index rises to the array's length.
public class HashClearUnlink {
    static final class Entry {
        final int key;
        Entry next;

        Entry(int key, Entry next) {
            this.key = key;
            this.next = next;
        }
    }

    static final class Table {
        final Entry[] buckets = new Entry[8];

        void add(int k) {
            int i = k & (buckets.length - 1);
            buckets[i] = new Entry(k, buckets[i]);
        }

        void clear() {
            for (int i = 0; i < buckets.length; i++) {
                Entry e = buckets[i];
                while (e != null) {
                    Entry next = e.next;
                    e.next = null;
                    e = next;
                }
                buckets[i] = null;
            }
        }
    }

    public static void main(String[] args) {
        Table t = new Table();
        for (int i = 0; i < args.length; i++) {
            t.add(args[i].length());
        }
        t.clear();
    }
}
