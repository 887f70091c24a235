// EXPECT: java.lang.NegativeArraySizeException
import java.util.Scanner;

public class FailScannerSize {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        int n = in.nextInt();
        int[] values = new int[n];
        System.out.println(values.length);
    }
}
