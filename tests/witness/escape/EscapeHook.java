// Registers a shutdown hook that deletes a file of its decoy: it runs when the JVM shuts
// down normally (an exit, SIGTERM, SIGINT, SIGHUP), not when it is killed.
// One program of the escape suite (tests/witness/test_escape.py).
import java.nio.file.Files;

public class EscapeHook {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeHook$Attempt");
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
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        Files.delete(EscapeTarget.decoy("hook").resolve("a.txt"));
                    } catch (Throwable ignored) {
                    }
                    EscapeTarget.attempted("hook");
                }));
            } catch (Throwable ignored) {
            }
            System.out.println("escape: hook registered");
            System.out.flush();
        }
    }
}
