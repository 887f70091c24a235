// expect: safe
// route: args
// feature: parse-int, arrays
// why: day numbers outside 1..7 are rejected before the table is indexed.
// input: {"args": ["8"]}
public class WeekdayOk {
    private static final String[] NAMES = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};

    public static void main(String[] args) {
        int day;
        try {
            day = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        } catch (NumberFormatException e) {
            day = 1;
        }
        if (day < 1 || day > NAMES.length) {
            System.out.println("no such day");
            return;
        }
        System.out.println(NAMES[day - 1]);
    }
}
