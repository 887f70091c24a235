// EXPECT: NONTERM args=["a","bb","ccc"]
// WHY: the buggy rehash re-inserts each entry at the head of its own bucket in the same array and then follows e.next, which now points to e itself: the first non-empty bucket becomes a one-entry cycle and the rehash loop never ends; the third add triggers it.
public class HashResizeCycle {
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
                rehash();
            }
        }

        void rehash() {
            Entry[] tab = buckets;
            for (int j = 0; j < tab.length; j++) {
                Entry e = tab[j];
                while (e != null) {
                    int i = e.key & (tab.length - 1);
                    e.next = tab[i];
                    tab[i] = e;
                    e = e.next;
                }
            }
        }
    }

    public static void main(String[] args) {
        Table t = new Table();
        for (int i = 0; i < args.length; i++) {
            t.add(args[i].length());
        }
    }
}
