// expect: safe
// route: env
// feature: parse-int, collections
// why: a malformed WORKERS value is caught and replaced by the default.
// input: {"env": {"WORKERS": "four"}}
public class WorkersOk {
    public static void main(String[] args) {
        int workers;
        try {
            workers = Integer.parseInt(System.getenv().getOrDefault("WORKERS", "4"));
        } catch (NumberFormatException e) {
            workers = 4;
        }
        System.out.println("starting " + workers + " workers");
    }
}
