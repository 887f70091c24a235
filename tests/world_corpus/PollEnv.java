// expect: hangs
// route: env
// feature: string-concat
// why: the poll interval comes from POLL_MS; an interval of 0 never advances the waited time, so the wait never ends.
// input: {"env": {"POLL_MS": "0"}}
public class PollEnv {
    public static void main(String[] args) {
        String configured = System.getenv("POLL_MS");
        int interval = configured == null ? 100 : Integer.parseInt(configured);
        int waited = 0;
        while (waited < 1000) {
            waited += interval;
        }
        System.out.println("waited " + waited + " ms");
    }
}
