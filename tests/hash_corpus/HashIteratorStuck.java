// EXPECT: NONTERM args=[]
// WHY: advance() reads tab[index] but never increments index, so with an empty bucket 0 (no arguments: every bucket is empty) the loop stays at index 0 forever.
public class HashIteratorStuck {
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

        void add(int k) {
            int i = k & (buckets.length - 1);
            buckets[i] = new Entry(k, buckets[i]);
        }
    }

    static final class Iter {
        final Entry[] tab;
        int index;
        Entry current;

        Iter(Table t) {
            tab = t.buckets;
            advance();
        }

        private void advance() {
            while (current == null && index < tab.length) {
                current = tab[index];
            }
        }

        boolean hasNext() {
            return current != null;
        }

        int next() {
            Entry e = current;
            current = e.next;
            if (current == null) {
                advance();
            }
            return e.key;
        }
    }

    public static void main(String[] args) {
        Table t = new Table();
        for (int i = 0; i < args.length; i++) {
            t.add(args[i].length());
        }
        int sum = 0;
        Iter it = new Iter(t);
        while (it.hasNext()) {
            sum += it.next();
        }
    }
}
