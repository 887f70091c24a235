// expect: safe
// route: args
// feature: logging, string-format
// why: the user name is formatted with %s, which takes any value.
// input: {"args": ["--verbose", "ann"]}
import java.util.logging.Logger;

public class ReportOk {
    private static final Logger LOG = Logger.getLogger("report");

    public static void main(String[] args) {
        boolean verbose = args.length > 0 && args[0].equals("--verbose");
        String user = args.length > 1 ? args[1] : "guest";
        if (verbose) {
            LOG.info(String.format("report for user %s", user));
        }
        System.out.println("report written");
    }
}
