// expect: safe
// route: console
// feature: console
// why: without a terminal the program says so instead of calling the null console.
// input: {}
import java.io.Console;

public class PasswordOk {
    public static void main(String[] args) {
        Console console = System.console();
        if (console == null) {
            System.out.println("no terminal");
            return;
        }
        String user = console.readLine("user: ");
        System.out.println("hello " + user);
    }
}
