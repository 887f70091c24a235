// expect: hangs
// route: args
// feature: regex
// why: the next search starts at the start of the match just found instead of its end, so the first number is found again and again.
// input: {"args": ["a1"]}
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class NumberScan {
    private static final Pattern NUMBER = Pattern.compile("\\d+");

    public static void main(String[] args) {
        String line = args.length > 0 ? args[0] : "";
        Matcher m = NUMBER.matcher(line);
        int count = 0;
        int from = 0;
        while (m.find(from)) {
            count++;
            from = m.start();
        }
        System.out.println(count + " numbers");
    }
}
