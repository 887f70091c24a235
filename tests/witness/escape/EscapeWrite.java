// Overwrites a file of its decoy.
// One program of the escape suite (tests/witness/test_escape.py).
import java.io.FileOutputStream;

public class EscapeWrite {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeWrite$Attempt");
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
            try (FileOutputStream out = new FileOutputStream(EscapeTarget.decoy("write").resolve("a.txt").toFile())) {
                out.write("overwritten".getBytes("UTF-8"));
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("write");
        }
    }
}
