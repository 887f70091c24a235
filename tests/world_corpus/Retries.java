// expect: hangs
// route: stdin
// feature: try-with-resources, buffered-reader
// why: the retry count read from standard input goes down by two and stops only at 0: an odd count stays odd (even through the wrap-around) and never gets there.
// input: {"stdin": "3\n"}
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class Retries {
    public static void main(String[] args) throws IOException {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(System.in))) {
            String line = reader.readLine();
            int tries = line == null ? 3 : Integer.parseInt(line.trim());
            while (tries != 0) {
                System.out.println("attempt, " + tries + " left");
                tries -= 2;
            }
        }
    }
}
