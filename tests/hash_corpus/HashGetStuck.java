// EXPECT: NONTERM args=["a","eeeee"]
// WHY: get never advances along the bucket list (e stays the head): keys 1 and 5 share bucket 1 (5 & 3 = 1), the head holds 5, and get(1) compares 5 with 1 forever.
public class HashGetStuck {
    static final class Entry {
        final int key;
        Entry next;

        Entry(int key, Entry next) {
            this.key = key;
            this.next = next;
        }
    }

    static final class Table {
        final Entry[] buckets = new Entry[4];

        void put(int k) {
            int i = k & (buckets.length - 1);
            for (Entry e = buckets[i]; e != null; e = e.next) {
                if (e.key == k) {
                    return;
                }
            }
            buckets[i] = new Entry(k, buckets[i]);
        }

        boolean get(int k) {
            Entry e = buckets[k & (buckets.length - 1)];
            while (e != null) {
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
        t.get(1);
    }
}
