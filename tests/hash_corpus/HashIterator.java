// EXPECT: TERMINATES
// WHY: the iterator's advance moves along the current acyclic bucket list, else raises the bucket index until a non-empty bucket or the end of the array; every call of next() consumes one entry, and hasNext() fails after the last.
public class HashIterator {
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
                index++;
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
