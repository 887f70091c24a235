// expect: throws java.util.IllegalFormatConversionException
// route: args
// feature: logging, string-format
// why: with --verbose the user name is formatted with %d, which refuses a String.
// input: {"args": ["--verbose", "ann"]}
import java.util.logging.Logger;

public class Report {
    private static final Logger LOG = Logger.getLogger("report");

    public static void main(String[] args) {
        boolean verbose = args.length > 0 && args[0].equals("--verbose");
        String user = args.length > 1 ? args[1] : "guest";
        if (verbose) {
            LOG.info(String.format("report for user %d", user)); // THROWS
        }
        System.out.println("report written");
    }
}
