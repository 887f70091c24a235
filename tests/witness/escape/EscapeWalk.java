// Deletes its whole decoy tree, deepest first (Files.walk).
// One program of the escape suite (tests/witness/test_escape.py).
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

public class EscapeWalk {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeWalk$Attempt");
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
            try (Stream<Path> tree = Files.walk(EscapeTarget.decoy("walk"))) {
                tree.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("walk");
        }
    }
}
