// expect: safe
// route: args
// feature: parse-long, math-exact
// why: the seconds are limited to one million, so the milliseconds fit an int.
// input: {"args": ["3000000"]}
public class MillisOk {
    public static void main(String[] args) {
        long seconds;
        try {
            seconds = args.length > 0 ? Long.parseLong(args[0]) : 1;
        } catch (NumberFormatException e) {
            seconds = 1;
        }
        if (seconds < 0 || seconds > 1_000_000L) {
            return;
        }
        int millis = Math.toIntExact(seconds * 1000);
        System.out.println(millis + " ms");
    }
}
