// expect: hangs
// route: stdin
// feature: scanner, switch-arrow
// why: the choice is read once before the loop and never again, so any first choice but 0 repeats forever.
// input: {"stdin": "1\n"}
import java.util.Scanner;

public class Menu {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.println("1) add  2) list  0) quit");
        int choice = in.nextInt();
        while (choice != 0) {
            switch (choice) {
                case 1 -> System.out.println("adding");
                case 2 -> System.out.println("listing");
                default -> System.out.println("unknown choice " + choice);
            }
        }
        System.out.println("bye");
    }
}
