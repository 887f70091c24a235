// expect: throws java.lang.ArrayIndexOutOfBoundsException
// route: args
// feature: varargs, foreach
// why: max reads its first vararg unconditionally, and it gets an empty array when there are no arguments.
// input: {}
public class Highest {
    static int max(int... values) {
        int best = values[0]; // THROWS
        for (int v : values) {
            best = Math.max(best, v);
        }
        return best;
    }

    public static void main(String[] args) {
        int[] lengths = new int[args.length];
        for (int i = 0; i < args.length; i++) {
            lengths[i] = args[i].length();
        }
        System.out.println("longest " + max(lengths));
    }
}
