// expect: terminates
// route: args
// feature: regex
// why: the next search starts at the end of the (non-empty) match, so the position grows and the search runs out.
// input: {"args": ["a1"]}
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class NumberScanOk {
    private static final Pattern NUMBER = Pattern.compile("\\d+");

    public static void main(String[] args) {
        String line = args.length > 0 ? args[0] : "";
        Matcher m = NUMBER.matcher(line);
        int count = 0;
        int from = 0;
        while (m.find(from)) {
            count++;
            from = m.end();
        }
        System.out.println(count + " numbers");
    }
}
