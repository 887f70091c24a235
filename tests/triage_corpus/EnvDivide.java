// EXPECT: java.lang.ArithmeticException at EnvDivide.main:14
// The number of workers comes from the environment (WORKERS); 0 divides the 64 jobs by
// zero. Unset or not a number: one worker. The Good twin also refuses 0.
public class EnvDivide {
    public static void main(String[] args) {
        int workers;
        try {
            String text = System.getenv("WORKERS");
            workers = text == null ? 1 : Integer.parseInt(text);
        } catch (NumberFormatException notANumber) {
            workers = 1;
        }
        /* FLAW: workers may be 0 */
        IO.writeLine(64 / workers);
    }

    public static class Good {
        public static void main(String[] args) {
            int workers;
            try {
                String text = System.getenv("WORKERS");
                workers = text == null ? 1 : Integer.parseInt(text);
            } catch (NumberFormatException notANumber) {
                workers = 1;
            }
            IO.writeLine(64 / Math.max(1, workers));
        }
    }
}
