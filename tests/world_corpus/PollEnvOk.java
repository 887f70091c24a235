// expect: terminates
// route: env
// feature: string-concat
// why: an interval below 1 is replaced by the default, so waited grows by at least 1 each round (it cannot overflow before reaching 1000).
// input: {"env": {"POLL_MS": "0"}}
public class PollEnvOk {
    public static void main(String[] args) {
        String configured = System.getenv("POLL_MS");
        int interval = configured == null ? 100 : Integer.parseInt(configured);
        if (interval < 1 || interval > 1000) {
            interval = 100;
        }
        int waited = 0;
        while (waited < 1000) {
            waited += interval;
        }
        System.out.println("waited " + waited + " ms");
    }
}
