// A loop that never ends (i + 0), but its lambda is an invokedynamic without an exact
// abstraction, and its string concatenation makes a text whose length is not known, kept
// across the loop head: the CLP translation refuses them instead of failing.
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
