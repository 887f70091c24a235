// EXPECT: java.lang.RuntimeException
import java.util.Scanner;

public class FailScannerTwo {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int a = in.nextInt();
        int b = in.nextInt();
        if (a + 2 * b == 42 && a == b) {
            throw new RuntimeException("a = b = 14");
        }
    }
}
