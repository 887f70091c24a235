// expect: safe
// route: args
// feature: java.time, parse-int
// why: months outside 1..12 are rejected before LocalDate.of, and day 1 exists in every month.
// input: {"args": ["13"]}
import java.time.LocalDate;

public class MeetingOk {
    public static void main(String[] args) {
        int month;
        try {
            month = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        } catch (NumberFormatException e) {
            month = 1;
        }
        if (month < 1 || month > 12) {
            System.out.println("no such month");
            return;
        }
        LocalDate first = LocalDate.of(2025, month, 1);
        System.out.println("first meeting " + first);
    }
}
