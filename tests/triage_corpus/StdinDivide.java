// EXPECT: java.lang.ArithmeticException at StdinDivide.main:14
// Reads a count of guests from standard input and shares 12 slices among them: 0 guests
// divide by zero. The Good twin asks again instead.
import java.util.Scanner;

public class StdinDivide {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        if (!in.hasNextInt()) {
            return;
        }
        int guests = in.nextInt();
        /* FLAW: guests may be 0 */
        int each = 12 / guests;
        IO.writeLine(each);
    }

    public static class Good {
        public static void main(String[] args) {
            Scanner in = new Scanner(System.in);
            if (!in.hasNextInt()) {
                return;
            }
            int guests = in.nextInt();
            if (guests != 0) {
                IO.writeLine(12 / guests);
            }
        }
    }
}
