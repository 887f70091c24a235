// EXPECT: java.lang.ArithmeticException at FileByteDivide.main:17
// The first byte of the file named on the command line (a FileInputStream) says how many
// columns to use, counted from '0'; a file starting with '0' divides the 80 characters of a
// line by zero. An empty file or no argument: nothing to do. The Good twin refuses '0' too.
import java.io.FileInputStream;
import java.io.IOException;

public class FileByteDivide {
    public static void main(String[] args) throws IOException {
        if (args.length == 0) {
            return;
        }
        int first = new FileInputStream(args[0]).read();
        if (first < '0' || first > '9') {
            return;
        }
        IO.writeLine(80 / (first - '0'));
    }

    public static class Good {
        public static void main(String[] args) throws IOException {
            if (args.length == 0) {
                return;
            }
            int first = new FileInputStream(args[0]).read();
            if (first <= '0' || first > '9') {
                return;
            }
            IO.writeLine(80 / (first - '0'));
        }
    }
}
