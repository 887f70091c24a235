// EXPECT: NONTERM args=["a","b"] kind=looping
// WHY: next[] is a rotation of 0..n-1; for n >= 2 no index is its own successor, so the search cycles forever.
public class NontermArrayCycle {
    public static void main(String[] args) {
        int n = args.length;
        if (n == 0) {
            return;
        }
        int[] next = new int[n];
        for (int k = 0; k < n; k++) {
            next[k] = (k + 1) % n;
        }
        int i = 0;
        while (next[i] != i) {
            i = next[i];
        }
    }
}
