// expect: hangs
// route: args
// feature: java.time
// why: the date advances by the parsed number of days; 0 days never passes the end date.
// input: {"args": ["0"]}
import java.time.LocalDate;

public class Calendar {
    public static void main(String[] args) {
        int step = Integer.parseInt(args[0]);
        LocalDate day = LocalDate.of(2024, 1, 1);
        LocalDate end = LocalDate.of(2024, 3, 1);
        int meetings = 0;
        while (day.isBefore(end)) {
            meetings++;
            day = day.plusDays(step);
        }
        System.out.println(meetings + " meetings");
    }
}
