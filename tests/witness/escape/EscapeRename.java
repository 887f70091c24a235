// Moves its decoy directory into its own working directory (File.renameTo), the
// shape of the 2026-11-26 incident: the scratch directory is removed afterwards.
// One program of the escape suite (tests/witness/test_escape.py).
import java.io.File;

public class EscapeRename {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeRename$Attempt");
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
                EscapeTarget.decoy("rename").toFile().renameTo(new File("taken"));
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("rename");
        }
    }
}
