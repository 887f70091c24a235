// FOR: value
// WHY: spin computes nothing and writes nothing: for the returned value the call and the whole
// recursion are irrelevant (for odd n it never ends, which only termination would see).
public class RecursionUnusedValue {
    static void spin(int n) {
        if (n != 0) { // IRRELEVANT
            spin(n - 2); // IRRELEVANT
        }
    }

    public static int run(int n) {
        spin(n); // IRRELEVANT
        return n + 1;
    }
}
