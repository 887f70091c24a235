// EXPECT: java.lang.ArithmeticException at ArgsDivide.main:13
// The command line says into how many parts to split 100; "0" divides by zero. The Good
// twin refuses 0. Both refuse text that is not a number.
public class ArgsDivide {
    public static void main(String[] args) {
        int parts;
        try {
            parts = Integer.parseInt(args[0]);
        } catch (RuntimeException notANumberOrMissing) {
            return;
        }
        /* FLAW: parts may be 0 */
        IO.writeLine(100 / parts);
    }

    public static class Good {
        public static void main(String[] args) {
            int parts;
            try {
                parts = Integer.parseInt(args[0]);
            } catch (RuntimeException notANumberOrMissing) {
                return;
            }
            if (parts != 0) {
                IO.writeLine(100 / parts);
            }
        }
    }
}
