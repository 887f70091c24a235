// expect: throws java.lang.ArithmeticException
// route: args
// feature: parse-long, math-exact
// why: Math.toIntExact throws when the number of milliseconds does not fit an int (above about 24 days).
// input: {"args": ["3000000"]}
public class Millis {
    public static void main(String[] args) {
        long seconds;
        try {
            seconds = args.length > 0 ? Long.parseLong(args[0]) : 1;
        } catch (NumberFormatException e) {
            seconds = 1;
        }
        if (seconds < 0 || seconds > 1_000_000_000L) {
            return;
        }
        int millis = Math.toIntExact(seconds * 1000); // THROWS
        System.out.println(millis + " ms");
    }
}
