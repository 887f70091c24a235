// Deletes a file of its decoy from another thread, half a second after main went on into
// its loop.
// One program of the escape suite (tests/witness/test_escape.py).
import java.nio.file.Files;

public class EscapeDelayed {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeDelayed$Attempt");
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
                new Thread(() -> {
                    try {
                        Thread.sleep(500);
                        Files.delete(EscapeTarget.decoy("delayed").resolve("a.txt"));
                    } catch (Throwable ignored) {
                    }
                    EscapeTarget.attempted("delayed");
                }).start();
            } catch (Throwable ignored) {
            }
        }
    }
}
