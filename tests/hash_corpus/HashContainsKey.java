// EXPECT: TERMINATES
// WHY: a fixed table of 8 buckets; put and containsKey each scan one bucket list, which is acyclic (every entry is prepended as a new object), and main calls put args.length times.
public class HashContainsKey {
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

        void put(int k) {
            int i = k & (buckets.length - 1);
            for (Entry e = buckets[i]; e != null; e = e.next) {
                if (e.key == k) {
                    return;
                }
            }
            buckets[i] = new Entry(k, buckets[i]);
        }

        boolean containsKey(int k) {
            for (Entry e = buckets[k & (buckets.length - 1)]; e != null; e = e.next) {
                if (e.key == k) {
                    return true;
                }
            }
            return false;
        }
    }

    public static void main(String[] args) {
        Table t = new Table();
        for (int i = 0; i < args.length; i++) {
            t.put(args[i].length());
        }
        t.containsKey(args.length);
    }
}
