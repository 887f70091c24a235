// expect: hangs
// route: stdin
// feature: buffered-reader, string-methods
// why: the command line is read once before the loop and never again, so any first line but "quit" is echoed forever.
// input: {"stdin": "hi\n"}
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class Shell {
    public static void main(String[] args) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
        String line = reader.readLine();
        while (line != null && !line.equals("quit")) {
            System.out.println("> " + line);
        }
    }
}
