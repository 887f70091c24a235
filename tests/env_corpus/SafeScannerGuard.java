// EXPECT: none
import java.util.Scanner;

public class SafeScannerGuard {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        if (!in.hasNextInt()) {
            return; // nextInt would throw on a word or an empty input
        }
        int n = in.nextInt();
        if (n > 0 && n < 100) {
            int[] values = new int[n];
            values[n - 1] = 1;
        }
    }
}
