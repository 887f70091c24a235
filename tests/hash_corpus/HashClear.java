// EXPECT: TERMINATES
// WHY: put scans one acyclic bucket list; clear sets each of the 8 buckets to null once, with the index rising to the array's length; size() then counts the (empty) lists.
public class HashClear {
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

        void clear() {
            for (int i = 0; i < buckets.length; i++) {
                buckets[i] = null;
            }
        }

        int size() {
            int n = 0;
            for (int i = 0; i < buckets.length; i++) {
                for (Entry e = buckets[i]; e != null; e = e.next) {
                    n++;
                }
            }
            return n;
        }
    }

    public static void main(String[] args) {
        Table t = new Table();
        for (int i = 0; i < args.length; i++) {
            t.put(args[i].length());
        }
        t.clear();
        t.size();
    }
}
