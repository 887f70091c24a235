// EXPECT: TERMINATES
// WHY: put refuses a new key once the table holds keys.length - 1 keys, so at least one slot is always 0; the probe loop (wrapping around the array) stops at that free slot or at the key within keys.length probes.
public class OpenProbeFreeSlot {
    static final class Table {
        final int[] keys = new int[8];
        int size;

        void put(int k) {
            if (size >= keys.length - 1) {
                return;
            }
            int n = keys.length;
            int i = k & (n - 1);
            while (keys[i] != 0 && keys[i] != k) {
                i = (i + 1) & (n - 1);
            }
            if (keys[i] == 0) {
                keys[i] = k;
                size++;
            }
        }
    }

    public static void main(String[] args) {
        Table t = new Table();
        for (int i = 0; i < args.length; i++) {
            t.put(args[i].length() + 1);
        }
    }
}
