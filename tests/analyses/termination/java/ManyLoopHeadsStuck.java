// Like ManyLoopHeads, but the inner loop of run() stops advancing at ll = l + 1 (any run with
// at least two arguments calls subtract(0, 1) forever): must not be proved terminating.
public class ManyLoopHeadsStuck {
    int n;
    int[] a;
    int[] b;

    ManyLoopHeadsStuck(int n) {
        this.n = n;
        a = new int[n];
        b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i + 1;
            b[i] = n - i;
        }
    }

    int search(int from) {
        for (int l = from; l < n; l++)
            if (a[l] != 0) return l;
        return n;
    }

    void swap(int i, int j) {
        for (int c = i; c < n; c++) {
            int t = a[c];
            a[c] = b[c];
            b[c] = t;
        }
    }

    void scale(int l, int p) {
        for (int c = l; c < n; c++) a[c] = a[c] / p;
    }

    void subtract(int i, int j) {
        for (int c = i; c < n; c++) b[c] = b[c] - a[c];
    }

    boolean run() {
        for (int l = 0; l < n; l++) {
            int current = search(l);
            if (current == n) return false;
            swap(l, current);
            if (a[l] > 1) scale(l, a[l]);
            for (int ll = 0; ll < n; ll += (ll == l) ? 1 : 0)
                if (ll != l) subtract(l, ll);
        }
        return true;
    }

    public static void main(String[] args) {
        new ManyLoopHeadsStuck(args.length).run();
    }
}
