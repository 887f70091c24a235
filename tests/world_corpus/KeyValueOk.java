// expect: safe
// route: stdin
// feature: buffered-reader, string-methods
// why: a line without '=' is reported before substring is called.
// input: {"stdin": "novalue\n"}
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class KeyValueOk {
    public static void main(String[] args) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
        String line = reader.readLine();
        if (line == null) {
            return;
        }
        int equals = line.indexOf('=');
        if (equals < 0) {
            System.out.println("no key");
            return;
        }
        String key = line.substring(0, equals);
        System.out.println("key " + key);
    }
}
