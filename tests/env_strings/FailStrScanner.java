// EXPECT: java.lang.IllegalStateException
import java.util.Scanner;

public class FailStrScanner {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        String command = in.next();
        if (command.equals("quit") && args.length == 0) {
            throw new IllegalStateException("quit");
        }
    }
}
