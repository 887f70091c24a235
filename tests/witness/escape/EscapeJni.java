// Loads the test's shared library (System.load), whose native harm() unlinks a.txt and
// renames b.txt of its decoy (tests/witness/escape/escape_jni.c).
// One program of the escape suite (tests/witness/test_escape.py).
public class EscapeJni {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeJni$Attempt");
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
        static native int harm(String decoy);

        static {
            try {
                System.load(EscapeTarget.library());
                harm(EscapeTarget.decoy("jni").toString());
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("jni");
        }
    }
}
