// The compile server of one jhalt run (jhalt.witness.compiler): one JVM that compiles the
// reproducers of every witness with the JDK's own compiler (javax.tools), instead of a javac
// process per witness. It listens on the Unix-domain socket named by its only argument; each
// connection is one request, the lines (UTF-8, tab-separated):
//     arg <TAB> ONE-JAVAC-ARGUMENT      (repeated, in order: the javac command line)
// ended by the client closing its side. The answer: "ok\n", or "error\n" and javac's output.
// It runs no code of the analysed program: the client always passes -proc:none (no annotation
// processor), and javac only reads the class path's class files. It stops when killed (jhalt
// kills its process group at the end of the run, on a signal, and the kernel when jhalt dies).
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

public final class JhaltCompileServer {
    private static final Object LOCK = new Object();

    public static void main(String[] args) throws Exception {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            System.exit(2);
        }
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(args[0] + ".tmp"));
        // published by a rename once it accepts: a client never sees a half-bound socket
        java.nio.file.Files.move(java.nio.file.Paths.get(args[0] + ".tmp"), java.nio.file.Paths.get(args[0]));
        while (true) {
            SocketChannel client = server.accept();
            Thread worker = new Thread(() -> serve(compiler, client));
            worker.setDaemon(true);
            worker.start();
        }
    }

    private static void serve(JavaCompiler compiler, SocketChannel client) {
        try (SocketChannel channel = client) {
            InputStream in = Channels.newInputStream(channel);
            String request = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            List<String> arguments = new ArrayList<>();
            for (String line : request.split("\n")) {
                if (line.startsWith("arg\t")) {
                    arguments.add(line.substring(4));
                }
            }
            if (!arguments.contains("-proc:none")) {
                arguments.add(0, "-proc:none");  // never an annotation processor of the class path
            }
            ByteArrayOutputStream output = new ByteArrayOutputStream();
            int code;
            try (PrintStream printed = new PrintStream(output, true, StandardCharsets.UTF_8)) {
                synchronized (LOCK) {
                    code = compiler.run(InputStream.nullInputStream(), printed, printed, arguments.toArray(new String[0]));
                }
            }
            OutputStream out = Channels.newOutputStream(channel);
            out.write((code == 0 ? "ok\n" : "error\n").getBytes(StandardCharsets.UTF_8));
            out.write(output.toByteArray());
            out.flush();
        } catch (Throwable problem) {
            // the client sees the connection closed without an answer and compiles by itself
        }
    }
}
