// expect: terminates
// route: stdin
// feature: try-with-resources, buffered-reader
// why: the retry count goes down by two while it is positive, so every count read from standard input ends the loop.
// input: {"stdin": "3\n"}
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class RetriesOk {
    public static void main(String[] args) throws IOException {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(System.in))) {
            String line = reader.readLine();
            int tries = line == null ? 3 : Integer.parseInt(line.trim());
            while (tries > 0) {
                System.out.println("attempt, " + tries + " left");
                tries -= 2;
            }
        }
    }
}
