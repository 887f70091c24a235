// expect: terminates
// route: stdin
// feature: scanner, switch-arrow
// why: the choice is read again on every round and the end of input counts as quit, so a finite input ends the loop.
// input: {"stdin": "1\n"}
import java.util.Scanner;

public class MenuOk {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.println("1) add  2) list  0) quit");
        int choice = in.hasNextInt() ? in.nextInt() : 0;
        while (choice != 0) {
            switch (choice) {
                case 1 -> System.out.println("adding");
                case 2 -> System.out.println("listing");
                default -> System.out.println("unknown choice " + choice);
            }
            choice = in.hasNextInt() ? in.nextInt() : 0;
        }
        System.out.println("bye");
    }
}
