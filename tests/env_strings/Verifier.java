// The stub class of the programs here (checked with --inputs Verifier, as verification
// benchmarks do): each nondet method returns an input; assume ends the run when false.
import java.util.Random;

public final class Verifier {
    private static final Random RANDOM = new Random();

    private Verifier() {}

    public static void assume(boolean condition) {
        if (!condition) {
            Runtime.getRuntime().halt(1);
        }
    }

    public static int nondetInt() { return RANDOM.nextInt(); }

    public static long nondetLong() { return RANDOM.nextLong(); }

    public static char nondetChar() { return (char) RANDOM.nextInt(65536); }

    public static boolean nondetBoolean() { return RANDOM.nextBoolean(); }

    public static String nondetString() {
        char[] chars = new char[RANDOM.nextInt(8)];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) ('a' + RANDOM.nextInt(26));
        }
        return new String(chars);
    }
}
