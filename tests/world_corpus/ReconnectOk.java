// expect: terminates
// route: args
// feature: logging
// why: every failed attempt increments the counter, which reaches the (non-negative) number needed.
// input: {"args": ["x"]}
import java.util.logging.Logger;

public class ReconnectOk {
    private static final Logger LOG = Logger.getLogger(ReconnectOk.class.getName());

    static boolean connect(int attempt, int needed) {
        return attempt >= needed;
    }

    public static void main(String[] args) {
        int needed = args.length;
        int attempt = 0;
        while (!connect(attempt, needed)) {
            LOG.fine("retrying");
            attempt++;
        }
        LOG.fine("connected");
    }
}
