// EXPECT: none
import java.util.Scanner;

public class SafeStrScanner {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        if (!in.hasNext()) {
            return; // next would throw on an empty input
        }
        String command = in.next();
        if (command.equals("quit") && command.length() != 4) {
            throw new IllegalStateException("quit");
        }
        if (command.equals("stop") && !command.endsWith("op")) {
            throw new IllegalStateException("stop");
        }
    }
}
