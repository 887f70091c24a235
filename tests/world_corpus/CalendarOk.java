// expect: terminates
// route: args
// feature: java.time
// why: the step is clamped to 1..30 days, so the date passes the end date after at most 60 rounds.
// input: {"args": ["0"]}
import java.time.LocalDate;

public class CalendarOk {
    public static void main(String[] args) {
        int step = Math.max(1, Math.min(30, Integer.parseInt(args[0])));
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
