import java.util.regex.Matcher;
import java.util.regex.Pattern;

// expected: stuck — seed 003 §6.1 (jEdit): a search loop advances by the match length,
// which java.util.regex makes zero for "^" in MULTILINE mode; every match is recorded
// in a new object, so the loop also allocates.
public class RegexSearch {
    static final class Occurrence {
        final int start;
        final int end;
        final Occurrence next;

        Occurrence(int start, int end, Occurrence next) {
            this.start = start;
            this.end = end;
            this.next = next;
        }
    }

    public static void main(String[] args) {
        String text = "first line\nsecond line\n";
        Pattern pattern = Pattern.compile("^", Pattern.MULTILINE);
        Matcher matcher = pattern.matcher(text);
        Occurrence occurrences = null;
        int offset = 0;
        int count = 0;
        System.out.println("ready");
        while (true) {
            if (!matcher.find(offset)) {
                break;
            }
            occurrences = new Occurrence(offset + matcher.start(), offset + matcher.end(), occurrences);
            offset += matcher.end() - matcher.start();
            count++;
        }
        System.out.println(count + " " + occurrences);
    }
}
