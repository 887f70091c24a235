// expect: throws java.lang.StringIndexOutOfBoundsException
// route: stdin
// feature: buffered-reader, string-methods
// why: substring up to indexOf('=') gets -1 as its end when the line has no '='.
// input: {"stdin": "novalue\n"}
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class KeyValue {
    public static void main(String[] args) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
        String line = reader.readLine();
        if (line == null) {
            return;
        }
        String key = line.substring(0, line.indexOf('=')); // THROWS
        System.out.println("key " + key);
    }
}
