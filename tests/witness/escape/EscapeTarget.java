// Where the escape programs aim (tests/witness/test_escape.py): the test's decoys, secret,
// listener, JNI library and jhalt's temporary root. The "@NAME@" texts are replaced by the
// test session before it compiles the programs (a program jhalt replays gets no other input
// from the test: its command line is the witness's). A run without jhalt (the test's control)
// aims at copies instead, named by the system properties escape.base, escape.port and
// escape.tmp. Not public: the public-API search only uses the public classes of a target.
import java.nio.file.Path;
import java.nio.file.Paths;

final class EscapeTarget {
    private static final String BASE = "@BASE@";
    private static final String PORT = "@PORT@";
    private static final String JHALT_TMP = "@JHALT_TMP@";
    private static final String SECRET = "@SECRET@";
    private static final String LIBRARY = "@LIBRARY@";

    private EscapeTarget() {
    }

    /** The decoy directory of one attack: a.txt, b.txt and sub/c.txt, made by the test. */
    static Path decoy(String attack) {
        return Paths.get(System.getProperty("escape.base", BASE), attack, "decoy");
    }

    /** The decoy of jhalt's results cache ($XDG_CACHE_HOME/jhalt of the jhalt run). */
    static Path resultsCache() {
        return Paths.get(System.getProperty("escape.base", BASE), "cache", "jhalt");
    }

    /** The port of the test's listener on 127.0.0.1. */
    static int port() {
        return Integer.parseInt(System.getProperty("escape.port", PORT));
    }

    /** jhalt's temporary root ($TMPDIR of the jhalt run): its helper caches and the compile
     *  server's socket directory are there. */
    static Path jhaltTemporaryRoot() {
        return Paths.get(System.getProperty("escape.tmp", JHALT_TMP));
    }

    /** A file outside every class path with a random token the program must not leak. */
    static Path secret() {
        return Paths.get(SECRET);
    }

    /** The shared library of EscapeJni (built by the test with gcc). */
    static String library() {
        return LIBRARY;
    }

    /** Tells the test's control run that the attempt is over (a line on standard output). */
    static void attempted(String attack) {
        System.out.println("escape: attempted " + attack);
        System.out.flush();
    }
}
