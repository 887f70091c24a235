// EXPECT: NONTERM args=["","a","bb","ccc","dddd"]
// WHY: put never refuses a key, so the fifth distinct key (5) finds all 4 slots taken by 1..4 and its probe loop wraps around the full array forever.
public class OpenProbeFull {
    static final class Table {
        final int[] keys = new int[4];

        void put(int k) {
            int n = keys.length;
            int i = k & (n - 1);
            while (keys[i] != 0 && keys[i] != k) {
                i = (i + 1) & (n - 1);
            }
            keys[i] = k;
        }
    }

    public static void main(String[] args) {
        Table t = new Table();
        for (int i = 0; i < args.length; i++) {
            t.put(args[i].length() + 1);
        }
    }
}
