// Reads the secret file and leaks it: on standard output, and as the uncaught
// exception jhalt reports (the line 'Exception in thread "main" TOKEN' on standard error,
// then the JVM halts), so that a replay that read it names the token in jhalt's output.
// One program of the escape suite (tests/witness/test_escape.py).
import java.nio.file.Files;

public class EscapeSecret {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeSecret$Attempt");
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
                String secret = new String(Files.readAllBytes(EscapeTarget.secret()), "UTF-8").trim();
                System.out.println("escape: secret " + secret);
                System.out.flush();
                System.err.println("Exception in thread \"main\" " + secret + ": " + secret);
                System.err.flush();
                Runtime.getRuntime().halt(1);
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("secret");
        }
    }
}
