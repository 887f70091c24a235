// expect: safe
// route: stdin
// feature: buffered-reader, try-with-resources
// why: a null line (end of input) is replaced by a default name before it is trimmed; the IOException of the declaration never happens on standard input.
// input: {"stdin": ""}
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class GreetingOk {
    public static void main(String[] args) throws IOException {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(System.in))) {
            String line = reader.readLine();
            String name = line == null ? "stranger" : line.trim();
            System.out.println("hello " + name);
        }
    }
}
