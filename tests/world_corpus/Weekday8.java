// expect: throws java.lang.ArrayIndexOutOfBoundsException
// route: args
// release: 8
// feature: parse-int, arrays
// why: Weekday compiled for Java 8: the day number indexes a seven-element table without a range check, so 0 or 8 is out of bounds.
// input: {"args": ["8"]}
public class Weekday8 {
    private static final String[] NAMES = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};

    public static void main(String[] args) {
        int day;
        try {
            day = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        } catch (NumberFormatException e) {
            day = 1;
        }
        System.out.println(NAMES[day - 1]); // THROWS
    }
}
