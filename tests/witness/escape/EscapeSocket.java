// Connects to the test's listener on 127.0.0.1 and sends it a few bytes.
// One program of the escape suite (tests/witness/test_escape.py).
import java.io.OutputStream;
import java.net.Socket;

public class EscapeSocket {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeSocket$Attempt");
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
            try (Socket socket = new Socket("127.0.0.1", EscapeTarget.port())) {
                OutputStream out = socket.getOutputStream();
                out.write("escaped\n".getBytes("UTF-8"));
                out.flush();
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("socket");
        }
    }
}
