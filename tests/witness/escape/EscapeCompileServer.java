// Connects to jhalt's compile server (a JVM that runs around `jhalt check`, listening on
// TMP/jhalt-compile-server-*/socket; protocol in jhalt/witness/JhaltCompileServer.java) —
// marking its decoy directory when it could — and asks it to compile a class into the decoy
// directory (the old protocol: the server now refuses it without the run's secret). Looks for
// the socket for up to 5 s.
// One program of the escape suite (tests/witness/test_escape.py).
import java.io.InputStream;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

public class EscapeCompileServer {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeCompileServer$Attempt");
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
                Path source = Paths.get("Escaped.java").toAbsolutePath();
                Files.write(source, "public class Escaped {}\n".getBytes("UTF-8"));
                String decoy = EscapeTarget.decoy("compile-server").toString();
                String request = "arg\t-d\narg\t" + decoy + "\narg\t" + source + "\n";
                for (int round = 0; round < 50 && !sent(request); round++) {
                    Thread.sleep(100);
                }
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("compile-server");
        }

        /** Sends the request to every compile server socket found; whether one answered. */
        private static boolean sent(String request) throws Exception {
            boolean answered = false;
            try (DirectoryStream<Path> found =
                    Files.newDirectoryStream(EscapeTarget.jhaltTemporaryRoot(), "jhalt-compile-server-*")) {
                for (Path directory : found) {
                    Path socket = directory.resolve("socket");
                    if (!Files.exists(socket)) {
                        continue;
                    }
                    try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                        channel.connect(UnixDomainSocketAddress.of(socket));
                        // reaching the server is the escape: it answers only a client with the
                        // run's secret (tests/witness/test_compiler.py), but none may reach it
                        Files.write(EscapeTarget.decoy("compile-server").resolve("reached-the-server"),
                                socket.toString().getBytes("UTF-8"));
                        OutputStream out = Channels.newOutputStream(channel);
                        out.write(request.getBytes("UTF-8"));
                        out.flush();
                        channel.shutdownOutput();
                        InputStream in = Channels.newInputStream(channel);
                        answered |= in.readAllBytes().length > 0;
                    } catch (Throwable ignored) {
                    }
                }
            } catch (Throwable ignored) {
            }
            return answered;
        }
    }
}
