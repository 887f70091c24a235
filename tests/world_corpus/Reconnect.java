// expect: hangs
// route: args
// feature: logging
// why: the attempt counter is logged but never incremented, so when the first attempt fails the loop retries forever.
// input: {"args": ["x"]}
import java.util.logging.Logger;

public class Reconnect {
    private static final Logger LOG = Logger.getLogger(Reconnect.class.getName());

    static boolean connect(int attempt, int needed) {
        return attempt >= needed;
    }

    public static void main(String[] args) {
        int needed = args.length;
        int attempt = 0;
        while (!connect(attempt, needed)) {
            LOG.fine("retrying");
        }
        LOG.fine("connected");
    }
}
