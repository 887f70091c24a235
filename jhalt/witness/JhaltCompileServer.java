// The compile server of one jhalt run (jhalt.witness.compiler): one JVM that compiles the
// reproducers of every witness with the JDK's own compiler (javax.tools), instead of a javac
// process per witness. It listens on the Unix-domain socket named by its only argument (in a
// directory private to jhalt). Its standard input carries one line, the run's secret (64 hex
// digits), and is closed: the secret is on no command line (which every process may read).
//
// Each connection is one request, the lines (UTF-8, tab-separated), ended by the client
// closing its side:
//     token <TAB> SECRET        first, always
//     cp <TAB> CLASS-PATH       exactly once: empty, or absolute entries
//     out <TAB> DIRECTORY       exactly once: an existing directory, absolute
//     src <TAB> SOURCE          at least once: an absolute path ending in ".java"
// No value may start with "-" or "@" (a javac option, an argument file). The server builds
// javac's command line itself: -nowarn -proc:none -encoding UTF-8 -cp CP -d OUT SOURCES...
// The answer: nothing (the connection is closed) when the secret is missing or wrong;
// "refused\n" and the reason for any other shape of request; else "ok\n", or "error\n" and
// javac's output. So a process that reaches the socket without the secret (a program jhalt
// runs) compiles nothing, and jhalt's own requests can name no option of javac.
//
// It runs no code of the analysed program: -proc:none (no annotation processor), and javac
// only reads the class path's class files. It stops when killed (jhalt kills its process group
// at the end of the run, on a signal, and the kernel when jhalt dies).
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

public final class JhaltCompileServer {
    private static final Object LOCK = new Object();
    private static final int MAX_REQUEST = 1 << 20;
    // A refused request is an IllegalArgumentException (no class of its own: every class this
    // server loads after its start would be read from the cache after jhalt checked it).

    public static void main(String[] args) throws Exception {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        byte[] secret = readSecret();
        if (compiler == null || secret == null) {
            System.exit(2);
        }
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(args[0] + ".tmp"));
        // published by a rename once it accepts: a client never sees a half-bound socket
        Files.move(Paths.get(args[0] + ".tmp"), Paths.get(args[0]));
        while (true) {
            SocketChannel client = server.accept();
            Thread worker = new Thread(() -> serve(compiler, secret, client));
            worker.setDaemon(true);
            worker.start();
        }
    }

    /** The secret on the first line of standard input, null unless it is 64 hex digits. */
    private static byte[] readSecret() throws Exception {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            String line = in.readLine();
            if (line == null || !line.matches("[0-9a-f]{64}")) {
                return null;
            }
            return line.getBytes(StandardCharsets.UTF_8);
        }
    }

    private static void serve(JavaCompiler compiler, byte[] secret, SocketChannel client) {
        try (SocketChannel channel = client) {
            byte[] request = readBounded(Channels.newInputStream(channel));
            if (request == null) {
                return;  // too long for a request of jhalt's: closed without an answer
            }
            String[] lines = new String(request, StandardCharsets.UTF_8).split("\n");
            if (!authentic(lines[0], secret)) {
                return;  // no answer: the client sees the connection closed
            }
            OutputStream out = Channels.newOutputStream(channel);
            List<String> arguments;
            try {
                arguments = javacArguments(lines);
            } catch (IllegalArgumentException refused) {
                out.write(("refused\n" + refused.getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                return;
            }
            compile(compiler, arguments, out);
        } catch (Throwable problem) {
            // the client sees the connection closed without an answer and compiles by itself
        }
    }

    /** At most MAX_REQUEST bytes of the request; null when it is longer. */
    private static byte[] readBounded(InputStream in) throws Exception {
        byte[] read = in.readNBytes(MAX_REQUEST + 1);
        return read.length > MAX_REQUEST ? null : read;
    }

    /** Whether the first line carries the secret (compared in constant time). */
    private static boolean authentic(String first, byte[] secret) {
        if (!first.startsWith("token\t")) {
            return false;
        }
        return MessageDigest.isEqual(secret, first.substring(6).getBytes(StandardCharsets.UTF_8));
    }

    /** javac's command line for the lines after the token (the accepted shape: see the top). */
    private static List<String> javacArguments(String[] lines) {
        String classpath = null;
        String output = null;
        List<String> sources = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            int tab = lines[i].indexOf('\t');
            String key = tab < 0 ? lines[i] : lines[i].substring(0, tab);
            String value = tab < 0 ? "" : lines[i].substring(tab + 1);
            refuseOption(value);
            if (key.equals("cp") && classpath == null) {
                classpath = checkedClasspath(value);
            } else if (key.equals("out") && output == null) {
                output = checkedOutput(value);
            } else if (key.equals("src")) {
                sources.add(checkedSource(value));
            } else {
                throw new IllegalArgumentException("unexpected line: " + key);
            }
        }
        if (classpath == null || output == null || sources.isEmpty()) {
            throw new IllegalArgumentException("a request names the class path, the output directory and the sources");
        }
        List<String> arguments = new ArrayList<>(List.of(
                "-nowarn", "-proc:none", "-encoding", "UTF-8", "-cp", classpath, "-d", output));
        arguments.addAll(sources);
        return arguments;
    }

    private static void refuseOption(String value) {
        if (value.startsWith("-") || value.startsWith("@") || value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("not a path: " + value);
        }
    }

    private static String checkedClasspath(String value) {
        for (String entry : value.split(File.pathSeparator)) {
            if (!entry.isEmpty() && !Paths.get(entry).isAbsolute()) {
                throw new IllegalArgumentException("a class path entry is not absolute: " + entry);
            }
        }
        return value;
    }

    private static String checkedOutput(String value) {
        Path path = Paths.get(value);
        if (!path.isAbsolute() || !Files.isDirectory(path)) {
            throw new IllegalArgumentException("the output is not an existing absolute directory: " + value);
        }
        return value;
    }

    private static String checkedSource(String value) {
        if (!value.endsWith(".java") || !Paths.get(value).isAbsolute()) {
            throw new IllegalArgumentException("a source is not an absolute .java path: " + value);
        }
        return value;
    }

    private static void compile(JavaCompiler compiler, List<String> arguments, OutputStream out) throws Exception {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        int code;
        try (PrintStream printed = new PrintStream(output, true, StandardCharsets.UTF_8)) {
            synchronized (LOCK) {
                code = compiler.run(InputStream.nullInputStream(), printed, printed, arguments.toArray(new String[0]));
            }
        }
        out.write((code == 0 ? "ok\n" : "error\n").getBytes(StandardCharsets.UTF_8));
        out.write(output.toByteArray());
        out.flush();
    }
}
