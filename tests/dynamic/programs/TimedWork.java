// expected: terminates — iterates a hash for about S seconds (checking the clock every
// 2^20 rounds), then recomputes the hash from scratch: "done consistent" shows that an
// examination left the program's state untouched.
public class TimedWork {
    static long step(long acc) {
        return (acc * 31 + 7) % 1_000_003;
    }

    static long recompute(long rounds) {
        long check = 1;
        for (long i = 0; i < rounds; i++) {
            check = step(check);
        }
        return check;
    }

    public static void main(String[] args) {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 3.0;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long acc = 1;
        long rounds = 0;
        System.out.println("ready");
        while (true) {
            acc = step(acc);
            rounds++;
            if ((rounds & 0xFFFFF) == 0 && System.nanoTime() > end) {
                break;
            }
        }
        System.out.println(recompute(rounds) == acc ? "done consistent" : "done CORRUPTED");
    }
}
