// expected: stuck forever — the outer loop's condition `n > 0` reads n, which nothing
// changes; each outer iteration runs an inner loop that counts k to 200 and ends.
public class BusyInsideStuck {
    public static void main(String[] args) {
        int n = 1;
        System.out.println("ready");
        while (n > 0) {
            int k = 0;
            while (k < 200) {
                k++;
            }
        }
        System.out.println("left the loop");
    }
}
