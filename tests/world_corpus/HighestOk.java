// expect: safe
// route: args
// feature: varargs, foreach
// why: max answers 0 for no values before it reads the first one.
// input: {}
public class HighestOk {
    static int max(int... values) {
        if (values.length == 0) {
            return 0;
        }
        int best = values[0];
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
