// EXPECT: none
import java.util.Scanner;

public class SafeStrScanner {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        String command = in.next();
        if (command.equals("quit") && command.length() != 4) {
            throw new IllegalStateException("quit");
        }
        if (command.equals("stop") && !command.endsWith("op")) {
            throw new IllegalStateException("stop");
        }
    }
}
