// EXPECT: none
import java.util.Scanner;

public class SafeScannerHasNext {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        if (in.hasNextInt()) {
            int v = in.nextInt();
            if (v != 0) {
                System.out.println(100 / v);
            }
        }
    }
}
