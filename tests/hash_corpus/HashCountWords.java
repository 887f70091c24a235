// EXPECT: TERMINATES
// WHY: each argument's length is counted by one lookup (one acyclic bucket list) and at most one insertion; a resize moves every old entry once into a fresh array twice as long, saving next before relinking.
public class HashCountWords {
    static final class Entry {
        final int key;
        int count;
        Entry next;

        Entry(int key, Entry next) {
            this.key = key;
            this.count = 1;
            this.next = next;
        }
    }

    static final class Counter {
        Entry[] buckets = new Entry[4];
        int size;

        void increment(int k) {
            int i = k & (buckets.length - 1);
            for (Entry e = buckets[i]; e != null; e = e.next) {
                if (e.key == k) {
                    e.count++;
                    return;
                }
            }
            buckets[i] = new Entry(k, buckets[i]);
            size++;
            if (2 * size > buckets.length) {
                grow();
            }
        }

        void grow() {
            Entry[] old = buckets;
            Entry[] fresh = new Entry[2 * old.length];
            for (int j = 0; j < old.length; j++) {
                Entry e = old[j];
                old[j] = null; // as the JDK's resize: the old array lets go of the bucket
                while (e != null) {
                    Entry rest = e.next;
                    int i = e.key & (fresh.length - 1);
                    e.next = fresh[i];
                    fresh[i] = e;
                    e = rest;
                }
            }
            buckets = fresh;
        }

        int countOf(int k) {
            for (Entry e = buckets[k & (buckets.length - 1)]; e != null; e = e.next) {
                if (e.key == k) {
                    return e.count;
                }
            }
            return 0;
        }
    }

    public static void main(String[] args) {
        Counter c = new Counter();
        for (int i = 0; i < args.length; i++) {
            c.increment(args[i].length());
        }
        c.countOf(1);
    }
}
