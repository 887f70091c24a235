// Deletes a file of its decoy with rm, started by Runtime.exec.
// One program of the escape suite (tests/witness/test_escape.py).
public class EscapeExec {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeExec$Attempt");
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
                String file = EscapeTarget.decoy("exec").resolve("a.txt").toString();
                Runtime.getRuntime().exec(new String[] {"rm", "-f", file}).waitFor();
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("exec");
        }
    }
}
