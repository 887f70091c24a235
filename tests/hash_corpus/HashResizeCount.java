// EXPECT: TERMINATES
// WHY: resize moves every entry of the old array into a fresh array twice as long (clearing the old bucket first and saving next before relinking, as the JDK does, so the rest of the old list is untouched and each entry is moved once); the count loop then walks the fresh buckets and their acyclic lists.
public class HashResizeCount {
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
                old[j] = null; // as the JDK's resize: the old array lets go of the bucket
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
