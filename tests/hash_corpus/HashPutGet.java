// EXPECT: TERMINATES
// WHY: put scans one acyclic bucket list, resize moves each entry of the old array once into a fresh array, get scans one bucket list; the building loop runs args.length times.
public class HashPutGet {
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
        Entry[] buckets = new Entry[4];
        int size;

        static int hash(int k) {
            return k ^ (k >>> 16);
        }

        void put(int k, int v) {
            int i = hash(k) & (buckets.length - 1);
            for (Entry e = buckets[i]; e != null; e = e.next) {
                if (e.key == k) {
                    e.value = v;
                    return;
                }
            }
            buckets[i] = new Entry(k, v, buckets[i]);
            size++;
            if (size > buckets.length * 3 / 4) {
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
                    int i = hash(e.key) & (fresh.length - 1);
                    e.next = fresh[i];
                    fresh[i] = e;
                    e = next;
                }
            }
            buckets = fresh;
        }

        int get(int k) {
            for (Entry e = buckets[hash(k) & (buckets.length - 1)]; e != null; e = e.next) {
                if (e.key == k) {
                    return e.value;
                }
            }
            return -1;
        }
    }

    public static void main(String[] args) {
        Table t = new Table();
        for (int i = 0; i < args.length; i++) {
            t.put(args[i].length(), i);
        }
        t.get(args.length);
    }
}
