// expect: throws java.lang.IllegalStateException
// route: args
// feature: regex
// why: group(1) is asked without checking that find succeeded, so an argument without digits throws "No match found".
// input: {"args": ["x"]}
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class Version {
    private static final Pattern MAJOR = Pattern.compile("(\\d+)\\.");

    public static void main(String[] args) {
        String text = args.length > 0 ? args[0] : "1.0";
        Matcher m = MAJOR.matcher(text);
        m.find();
        System.out.println("major " + m.group(1)); // THROWS
    }
}
