// Fails only under static-field preconditions, one of them a static final field.
public class Statics {
    static int mode;
    private static final int DIVISOR = Integer.parseInt("7");

    static int compute(int x) {
        if (mode == 42) {
            return x / DIVISOR; // @line:compute
        }
        return 0;
    }
}
