// Makes a file of its decoy writable and executable by everyone.
// One program of the escape suite (tests/witness/test_escape.py).
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;

public class EscapeChmod {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeChmod$Attempt");
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
                Files.setPosixFilePermissions(
                        EscapeTarget.decoy("chmod").resolve("a.txt"), PosixFilePermissions.fromString("rwxrwxrwx"));
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("chmod");
        }
    }
}
