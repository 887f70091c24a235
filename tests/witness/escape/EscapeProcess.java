// Writes a new file into its decoy with sh, started by ProcessBuilder.
// One program of the escape suite (tests/witness/test_escape.py).
public class EscapeProcess {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeProcess$Attempt");
        } catch (Throwable ignored) {
        }
        int step = 10 / args.length;
        while (step > 0) {
            try {
                Thread.sleep(50);
            } catch (Throwable ignored) {
            }
        }
    }

    static final class Attempt {
        static {
            try {
                String decoy = EscapeTarget.decoy("process").toString();
                new ProcessBuilder("sh", "-c", "echo spawned > \"$0/spawned.txt\"", decoy).start().waitFor();
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("process");
        }
    }
}
