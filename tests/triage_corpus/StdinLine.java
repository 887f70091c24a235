// EXPECT: java.lang.NullPointerException at StdinLine.main:12
// Reads a name from standard input: at the end of the input readLine() gives null. The
// Good twin checks.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

public class StdinLine {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String name = in.readLine();
        IO.writeLine(name.trim());
    }

    public static class Good {
        public static void main(String[] args) throws IOException {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
            String name = in.readLine();
            if (name != null) {
                IO.writeLine(name.trim());
            }
        }
    }
}
