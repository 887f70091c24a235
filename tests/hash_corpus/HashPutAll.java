// EXPECT: TERMINATES
// WHY: putAll walks every bucket of the source (index up to its length) and each acyclic source list once, putting into a different table; put scans one acyclic bucket list of the target and prepends a new entry, which never touches the source's lists.
public class HashPutAll {
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

        void putAll(Table source) {
            for (int i = 0; i < source.buckets.length; i++) {
                for (Entry e = source.buckets[i]; e != null; e = e.next) {
                    put(e.key, e.value);
                }
            }
        }
    }

    public static void main(String[] args) {
        Table a = new Table();
        for (int i = 0; i < args.length; i++) {
            a.put(args[i].length(), i);
        }
        Table b = new Table();
        b.putAll(a);
    }
}
