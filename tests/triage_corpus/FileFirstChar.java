// EXPECT: java.lang.StringIndexOutOfBoundsException at FileFirstChar.main:18
// Reads the first line of settings.txt (BufferedReader over a FileReader) and looks at its
// first character: an empty first line has none. No line at all: nothing to do. The Good
// twin skips an empty line.
import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;

public class FileFirstChar {
    public static void main(String[] args) throws IOException {
        String line;
        try (BufferedReader in = new BufferedReader(new FileReader("settings.txt"))) {
            line = in.readLine();
        }
        if (line == null) {
            return;
        }
        char mode = line.charAt(0);
        IO.writeLine(mode == 'v' ? "verbose" : "quiet");
    }

    public static class Good {
        public static void main(String[] args) throws IOException {
            String line;
            try (BufferedReader in = new BufferedReader(new FileReader("settings.txt"))) {
                line = in.readLine();
            }
            if (line == null || line.isEmpty()) {
                return;
            }
            char mode = line.charAt(0);
            IO.writeLine(mode == 'v' ? "verbose" : "quiet");
        }
    }
}
