// expect: terminates
// route: stdin
// feature: buffered-reader, string-methods
// why: the next line is read every round and the end of input stops the loop, so every finite input ends it.
// input: {"stdin": "hi\n"}
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class ShellOk {
    public static void main(String[] args) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
        String line = reader.readLine();
        while (line != null && !line.equals("quit")) {
            System.out.println("> " + line);
            line = reader.readLine();
        }
    }
}
