// expect: throws java.util.InputMismatchException|java.util.NoSuchElementException
// route: stdin
// feature: scanner
// why: nextInt is called without hasNextInt, so a word (or no input at all) on standard input makes it throw.
// input: {"stdin": "ten\n"}
import java.util.Scanner;

public class Age {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.print("age? ");
        int age = in.nextInt(); // THROWS
        System.out.println(age >= 18 ? "adult" : "minor");
    }
}
