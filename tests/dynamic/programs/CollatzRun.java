// expected: terminates — Collatz trajectories of every start value below a bound.
public class CollatzRun {
    static int steps(long n) {
        int count = 0;
        while (n != 1) {
            if (n % 2 == 0) {
                n = n / 2;
            } else {
                n = 3 * n + 1;
            }
            count++;
        }
        return count;
    }

    public static void main(String[] args) {
        long bound = args.length > 0 ? Long.parseLong(args[0]) : 3_000_000_000L;
        long total = 0;
        System.out.println("ready");
        for (long start = 1; start < bound; start++) {
            total += steps(start);
        }
        System.out.println("done " + total);
    }
}
