// expect: throws java.lang.NumberFormatException
// route: env
// feature: parse-int, collections
// why: WORKERS has a default but a set, non-numeric value reaches parseInt uncaught.
// input: {"env": {"WORKERS": "four"}}
public class Workers {
    public static void main(String[] args) {
        int workers = Integer.parseInt(System.getenv().getOrDefault("WORKERS", "4")); // THROWS
        System.out.println("starting " + workers + " workers");
    }
}
