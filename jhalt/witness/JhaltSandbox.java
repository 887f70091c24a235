// The file-system sandbox of the JVMs jhalt starts (jhalt.witness.sandbox): a security manager,
// installed by the JVM before main, under which the program may write, delete and link files
// only below its scratch directory, and may start no other program.
//
// Configured by the system property jhalt.sandbox=MODE:DIRECTORY. MODE "halt" ends the JVM at
// the first refused operation (exit code 86, one line on the standard error stream as it was
// when the JVM started): a replay whose program needed such an operation is then not confirmed,
// instead of confirmed on a path the sandbox changed. MODE "refuse" throws SecurityException and
// goes on (the public-API search: that call fails, the search tries others; whatever it finds
// is replayed under "halt").
// Everything else is allowed: reading, reflection, threads, the network, exiting.
import java.io.FilePermission;
import java.io.PrintStream;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkPermission;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.Permission;

public final class JhaltSandbox extends SecurityManager {
    static final int REFUSED_EXIT = 86;

    private final Path given;
    private final Path real;
    private final boolean halt;
    private final PrintStream err;

    /** The security manager named by -Djava.security.manager=JhaltSandbox, configured by
     *  -Djhalt.sandbox=MODE:DIRECTORY; the JVM makes it before it loads the main class. */
    public JhaltSandbox() throws java.io.IOException {
        String options = System.getProperty("jhalt.sandbox");
        int colon = options.indexOf(':');
        given = Paths.get(options.substring(colon + 1)).toAbsolutePath().normalize();
        real = given.toRealPath();
        halt = options.startsWith("halt:");
        err = System.err;
        // load and run the check once before it guards anything (no class loading inside a check)
        refusal(new FilePermission(given.resolve("warm-up").toString(), "write,delete"));
        refusal(new LinkPermission("symbolic"));
    }

    @Override
    public void checkPermission(Permission permission) {
        String refused = refusal(permission);
        if (refused == null) return;
        if (halt) {
            err.println("jhalt sandbox: refused " + refused);
            err.flush();
            Runtime.getRuntime().halt(REFUSED_EXIT);
        }
        throw new SecurityException("jhalt sandbox: refused " + refused);
    }

    @Override
    public void checkPermission(Permission permission, Object context) {
        checkPermission(permission);
    }

    /** Why the permission is refused, or null when it is granted. */
    String refusal(Permission permission) {
        if (permission instanceof FilePermission) {
            String actions = permission.getActions();
            if (actions.contains("execute")) return "starting a program: " + permission.getName();
            if ((actions.contains("write") || actions.contains("delete")) && !inside(permission.getName())) {
                return "writing or deleting outside its directory: " + permission.getName();
            }
            return null;
        }
        if (permission instanceof LinkPermission) return "creating a link: " + permission.getName();
        if (permission instanceof RuntimePermission && permission.getName().equals("setSecurityManager")) {
            return "replacing the sandbox";
        }
        return null;
    }

    /** Whether a path (relative ones against the working directory) lies below the scratch
     *  directory; ".." is resolved by name — no link can lead out, since none can be made. */
    private boolean inside(String name) {
        if (name.equals("<<ALL FILES>>")) return false;
        try {
            Path path = Paths.get(name).toAbsolutePath().normalize();
            return path.startsWith(given) || path.startsWith(real);
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
