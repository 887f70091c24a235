// expected: terminates — counts to 10^10 with a long; runs long, but it finishes.
public class LongCounter {
    public static void main(String[] args) {
        long sum = 0;
        System.out.println("ready");
        for (long i = 0; i < 10_000_000_000L; i++) {
            sum += i & 1;
        }
        System.out.println("done " + sum);
    }
}
