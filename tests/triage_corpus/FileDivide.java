// EXPECT: java.lang.ArithmeticException at FileDivide.main:19
// Splits 120 items into the number of parts written on the first line of the file named on
// the command line (a BufferedReader over a FileReader); a file holding 0 divides by zero.
// No argument, no line, or a text that is not a number: nothing to do. The Good twin refuses
// 0 too.
import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;

public class FileDivide {
    public static void main(String[] args) throws IOException {
        int parts;
        try (BufferedReader in = new BufferedReader(new FileReader(args[0]))) {
            parts = Integer.parseInt(in.readLine().trim());
        } catch (RuntimeException notANumberOrMissing) {
            return;
        }
        /* FLAW: parts may be 0 */
        IO.writeLine(120 / parts);
    }

    public static class Good {
        public static void main(String[] args) throws IOException {
            int parts;
            try (BufferedReader in = new BufferedReader(new FileReader(args[0]))) {
                parts = Integer.parseInt(in.readLine().trim());
            } catch (RuntimeException notANumberOrMissing) {
                return;
            }
            if (parts != 0) {
                IO.writeLine(120 / parts);
            }
        }
    }
}
