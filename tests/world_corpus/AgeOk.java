// expect: safe
// route: stdin
// feature: scanner
// why: hasNextInt guards nextInt, so a word or an empty input is answered with a message.
// input: {"stdin": "ten\n"}
import java.util.Scanner;

public class AgeOk {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.print("age? ");
        if (!in.hasNextInt()) {
            System.out.println("not a number");
            return;
        }
        int age = in.nextInt();
        System.out.println(age >= 18 ? "adult" : "minor");
    }
}
