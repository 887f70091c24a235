// FOR: all
// WHY: q is never read, but 100 / d throws for d = 0, which is part of the result: only the
// store is irrelevant.
public class DivisionForException {
    public static int run(int d) {
        int q = 100 / d; // IRRELEVANT[dead-store]
        return 5;
    }
}
