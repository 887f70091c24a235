// EXPECT: NONTERM args=["a"] kind=looping twin=RoundsOverHelpers
// WHY: with one heap of size 1 every round takes it to 0, puts it back to m = 1 and steps n back (n-- then n++), so the same state repeats forever.
public class NontermRoundsRestart {
    static int largest(int[] a) {
        int m = a[0];
        for (int i = 1; i < a.length; i++) {
            if (a[i] > m) {
                m = a[i];
            }
        }
        return m;
    }

    static int bits(int x) {
        int k = 0;
        while (x > 0) {
            x = x / 2;
            k++;
        }
        return k;
    }

    public static void main(String[] args) {
        int[] heaps = new int[3];
        for (int i = 0; i < heaps.length && i < args.length; i++) {
            heaps[i] = args[i].length();
        }
        for (int n = 0; n < 20; n++) {
            int m = largest(heaps);
            if (m <= 0) {
                break;
            }
            int k = bits(m);
            int pick = 0;
            while (heaps[pick] != m) {
                pick++;
            }
            heaps[pick] = heaps[pick] - k;
            if (heaps[pick] <= 0) {
                heaps[pick] = m;
                n--;
            }
        }
    }
}
