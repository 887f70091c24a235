import java.util.regex.Matcher;
import java.util.regex.Pattern;

// expected: stuck with "stuck" — the search loop continues at the end of the last match,
// and "x*" matches the empty string at offset 0 of "abc": find(0) succeeds, end() is 0,
// offset never moves. With "advance" the loop steps past empty matches over a long
// text, many times over, and ends.
public class RegexEmptyFind {
    public static void main(String[] args) {
        boolean advance = args[0].equals("advance");
        String text = advance ? "ab".repeat(50_000) : "abc";
        Pattern pattern = Pattern.compile("x*");
        Matcher matcher = pattern.matcher(text);
        long hits = 0;
        System.out.println("ready");
        for (int round = 0; round < (advance ? 8_000 : 1); round++) {
            int offset = 0;
            while (offset <= text.length() && matcher.find(offset)) {
                offset = advance && matcher.end() == offset ? offset + 1 : matcher.end();
                hits++;
            }
        }
        System.out.println("done " + hits);
    }
}
