// EXPECT: TERMINATES
// WHY: hashCode sums key ^ value over every entry: the bucket index rises to the array's length and each acyclic bucket list is walked once; the table grows by put into 8 fixed buckets.
public class HashHashCode {
    static final class Entry {
        final int key;
        int value;
        Entry next;

        Entry(int key, int value, Entry next) {
            this.key = key;
            this.value = value;
            this.next = next;
        }
    }

    static final class Table {
        final Entry[] buckets = new Entry[8];

        void put(int k, int v) {
            int i = k & (buckets.length - 1);
            for (Entry e = buckets[i]; e != null; e = e.next) {
                if (e.key == k) {
                    e.value = v;
                    return;
                }
            }
            buckets[i] = new Entry(k, v, buckets[i]);
        }

        int hashCodeOfTable() {
            int h = 0;
            for (int i = 0; i < buckets.length; i++) {
                Entry e = buckets[i];
                while (e != null) {
                    h += e.key ^ e.value;
                    e = e.next;
                }
            }
            return h;
        }
    }

    public static void main(String[] args) {
        Table t = new Table();
        for (int i = 0; i < args.length; i++) {
            t.put(args[i].length(), i);
        }
        t.hashCodeOfTable();
    }
}
