// expect: throws java.lang.NullPointerException
// route: stdin
// feature: buffered-reader, try-with-resources
// why: readLine returns null on an empty standard input, and the result is trimmed unchecked.
// input: {"stdin": ""}
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class Greeting {
    public static void main(String[] args) throws IOException {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(System.in))) {
            String name = reader.readLine().trim(); // THROWS
            System.out.println("hello " + name);
        }
    }
}
