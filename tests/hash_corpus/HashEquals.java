// EXPECT: TERMINATES
// WHY: equalsTable walks every bucket of one table (index up to the array's length) and each acyclic bucket list, and for each entry scans one acyclic bucket list of the other table; both tables are built by args.length puts into 8 fixed buckets.
public class HashEquals {
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

        Entry find(int k) {
            for (Entry e = buckets[k & (buckets.length - 1)]; e != null; e = e.next) {
                if (e.key == k) {
                    return e;
                }
            }
            return null;
        }

        boolean equalsTable(Table other) {
            for (int i = 0; i < buckets.length; i++) {
                for (Entry e = buckets[i]; e != null; e = e.next) {
                    Entry o = other.find(e.key);
                    if (o == null || o.value != e.value) {
                        return false;
                    }
                }
            }
            return true;
        }
    }

    public static void main(String[] args) {
        Table a = new Table();
        Table b = new Table();
        for (int i = 0; i < args.length; i++) {
            a.put(args[i].length(), i);
            b.put(args[args.length - 1 - i].length(), i);
        }
        a.equalsTable(b);
    }
}
