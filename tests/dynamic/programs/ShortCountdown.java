// expected: terminates — a countdown that finishes a few seconds after it starts; used
// to check that an unproved examination resumes the program untouched.
public class ShortCountdown {
    public static void main(String[] args) {
        long n = args.length > 0 ? Long.parseLong(args[0]) : 4_000_000_000L;
        long acc = 0;
        System.out.println("ready");
        while (n > 0) {
            acc += n % 3;
            n--;
        }
        System.out.println("done " + acc);
    }
}
