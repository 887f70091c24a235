// expect: safe
// route: args
// feature: regex
// why: group(1) is only asked after find succeeded, and the pattern's group 1 always takes part in a match.
// input: {"args": ["x"]}
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class VersionOk {
    private static final Pattern MAJOR = Pattern.compile("(\\d+)\\.");

    public static void main(String[] args) {
        String text = args.length > 0 ? args[0] : "1.0";
        Matcher m = MAJOR.matcher(text);
        if (m.find()) {
            System.out.println("major " + m.group(1));
        } else {
            System.out.println("no version");
        }
    }
}
