// expect: throws java.time.DateTimeException
// route: args
// feature: java.time, parse-int
// why: LocalDate.of rejects a month outside 1..12, and the parsed month is passed on unchecked.
// input: {"args": ["13"]}
import java.time.LocalDate;

public class Meeting {
    public static void main(String[] args) {
        int month;
        try {
            month = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        } catch (NumberFormatException e) {
            month = 1;
        }
        LocalDate first = LocalDate.of(2025, month, 1); // THROWS
        System.out.println("first meeting " + first);
    }
}
