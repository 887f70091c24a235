// EXPECT: TERMINATES
// WHY: as HashResizeCount, but the old array keeps pointing at the moved heads: still each entry is moved once (next saved before relinking, the old bucket lists are disjoint and the fresh array is new), so resize and count end.
public class HashResizeKeepOld {
    static final class Entry {
        final int key;
        Entry next;

        Entry(int key, Entry next) {
            this.key = key;
            this.next = next;
        }
    }

    static final class Table {
        Entry[] buckets = new Entry[2];
        int size;

        void add(int k) {
            int i = k & (buckets.length - 1);
            buckets[i] = new Entry(k, buckets[i]);
            size++;
            if (size > buckets.length) {
                resize();
            }
        }

        void resize() {
            Entry[] old = buckets;
            Entry[] fresh = new Entry[old.length * 2];
            for (int j = 0; j < old.length; j++) {
                Entry e = old[j];
                while (e != null) {
                    Entry next = e.next;
                    int i = e.key & (fresh.length - 1);
                    e.next = fresh[i];
                    fresh[i] = e;
                    e = next;
                }
            }
            buckets = fresh;
        }

        int count() {
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
            t.add(args[i].length());
        }
        t.count();
    }
}
