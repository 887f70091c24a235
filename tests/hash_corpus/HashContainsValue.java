// EXPECT: TERMINATES
// WHY: containsValue scans every bucket index once (0 .. length-1) and each bucket's acyclic list once; put prepends new entries to a fixed table of 8 buckets.
public class HashContainsValue {
    static final class Entry {
        final int key;
        final int value;
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
            buckets[i] = new Entry(k, v, buckets[i]);
        }

        boolean containsValue(int v) {
            for (int i = 0; i < buckets.length; i++) {
                for (Entry e = buckets[i]; e != null; e = e.next) {
                    if (e.value == v) {
                        return true;
                    }
                }
            }
            return false;
        }
    }

    public static void main(String[] args) {
        Table t = new Table();
        for (int i = 0; i < args.length; i++) {
            t.put(args[i].length(), i);
        }
        t.containsValue(args.length);
    }
}
