// EXPECT: TERMINATES safe=yes
// WHY: sort recurses on the two halves of a range of at least two elements, each strictly shorter.
public class RecMergeSort {
    static void sort(int[] a, int[] tmp, int low, int high) {
        if (high - low < 2) {
            return;
        }
        int mid = (low + high) / 2;
        sort(a, tmp, low, mid);
        sort(a, tmp, mid, high);
        int i = low;
        int j = mid;
        for (int k = low; k < high; k++) {
            if (j >= high || (i < mid && a[i] <= a[j])) {
                tmp[k] = a[i++];
            } else {
                tmp[k] = a[j++];
            }
        }
        for (int k = low; k < high; k++) {
            a[k] = tmp[k];
        }
    }

    public static void main(String[] args) {
        int[] a = new int[args.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = args[i].length();
        }
        sort(a, new int[a.length], 0, a.length);
    }
}
