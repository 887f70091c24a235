// A loop that never ends (i + 0), but its string concatenation and lambda are invokedynamic:
// the CLP translation refuses them (no exact abstraction) instead of failing.
public class ClpIndy {
    public static void main(String[] args) {
        String s = "";
        int i = args.length;
        while (i >= 0) {
            s = s + i;
            i = i + 0;
        }
        Runnable r = () -> {};
        r.run();
    }
}
