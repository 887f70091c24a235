// EXPECT: TERMINATES
// WHY: open addressing whose probe loops count their probes: at most keys.length probes per put or contains, and main calls each args.length times.
public class OpenProbeBounded {
    static final class Table {
        final int[] keys = new int[8];

        boolean put(int k) {
            int n = keys.length;
            int i = k & (n - 1);
            for (int probes = 0; probes < n; probes++) {
                if (keys[i] == 0 || keys[i] == k) {
                    keys[i] = k;
                    return true;
                }
                i = (i + 1) & (n - 1);
            }
            return false;
        }

        boolean contains(int k) {
            int n = keys.length;
            int i = k & (n - 1);
            for (int probes = 0; probes < n && keys[i] != 0; probes++) {
                if (keys[i] == k) {
                    return true;
                }
                i = (i + 1) & (n - 1);
            }
            return false;
        }
    }

    public static void main(String[] args) {
        Table t = new Table();
        for (int i = 0; i < args.length; i++) {
            t.put(args[i].length() + 1);
        }
        for (int i = 0; i < args.length; i++) {
            t.contains(i + 1);
        }
    }
}
