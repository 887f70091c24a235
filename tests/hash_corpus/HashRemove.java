// EXPECT: TERMINATES
// WHY: remove walks one acyclic bucket list with a trailing pointer and unlinks at most one entry, then returns; put scans one list; main runs put and remove once per argument.
public class HashRemove {
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

        boolean remove(int k) {
            int i = k & (buckets.length - 1);
            Entry prev = null;
            Entry e = buckets[i];
            while (e != null) {
                if (e.key == k) {
                    if (prev == null) {
                        buckets[i] = e.next;
                    } else {
                        prev.next = e.next;
                    }
                    return true;
                }
                prev = e;
                e = e.next;
            }
            return false;
        }
    }

    public static void main(String[] args) {
        Table t = new Table();
        for (int i = 0; i < args.length; i++) {
            t.put(args[i].length());
        }
        for (int i = 0; i < args.length; i++) {
            t.remove(i);
        }
    }
}
