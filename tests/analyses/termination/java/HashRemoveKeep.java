// Terminates, but the entry remove unlinks stays reachable from a static field, so its
// successor is held twice — by that entry's next and by the bucket — and the heap is no
// forest: the forest check must say so (the look-alike of tests/hash_corpus/HashRemove).
public class HashRemoveKeep {
    static Entry saved;

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
            buckets[i] = new Entry(k, buckets[i]);
        }

        void removeHead(int k) {
            int i = k & (buckets.length - 1);
            Entry e = buckets[i];
            if (e != null) {
                buckets[i] = e.next;
                saved = e;
            }
        }
    }

    public static void main(String[] args) {
        Table t = new Table();
        for (int i = 0; i < args.length; i++) {
            t.put(args[i].length());
        }
        for (int i = 0; i < args.length; i++) {
            t.removeHead(i);
        }
    }
}
