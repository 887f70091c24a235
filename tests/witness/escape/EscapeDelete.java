// Deletes a file of its decoy (Files.delete).
// One program of the escape suite (tests/witness/test_escape.py).
import java.nio.file.Files;

public class EscapeDelete {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeDelete$Attempt");
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
                Files.delete(EscapeTarget.decoy("delete").resolve("a.txt"));
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("delete");
        }
    }
}
