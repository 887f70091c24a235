// Removes the security manager (System.setSecurityManager(null)), whatever that
// does, then deletes a file of its decoy.
// One program of the escape suite (tests/witness/test_escape.py).
import java.nio.file.Files;

public class EscapeUnsetManager {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeUnsetManager$Attempt");
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
                System.setSecurityManager(null);
            } catch (Throwable ignored) {
            }
            try {
                Files.delete(EscapeTarget.decoy("unset-manager").resolve("a.txt"));
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("unset-manager");
        }
    }
}
