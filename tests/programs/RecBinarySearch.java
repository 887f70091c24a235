// EXPECT: TERMINATES safe=yes
// WHY: each call searches a range [low, high] strictly smaller than its caller's, so the range becomes empty.
public class RecBinarySearch {
    static int search(int[] data, int key, int low, int high) {
        if (low > high) {
            return -1;
        }
        int mid = low + (high - low) / 2;
        if (data[mid] == key) {
            return mid;
        }
        if (data[mid] < key) {
            return search(data, key, mid + 1, high);
        }
        return search(data, key, low, mid - 1);
    }

    public static void main(String[] args) {
        int[] data = new int[args.length];
        for (int i = 0; i < data.length; i++) {
            data[i] = 2 * i;
        }
        search(data, args.length > 0 ? args[0].length() : 3, 0, data.length - 1);
    }
}
