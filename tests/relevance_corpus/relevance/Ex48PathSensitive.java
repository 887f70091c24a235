// FOR: all
// WHY: thesis Example 4.8: res++ is never executed (isNull && list != null is false), so the
// code creating and testing list (and all of make) cannot change the returned 0.
public class Ex48PathSensitive {
    static class Cell {
        int value;
    }

    static Cell make(int k) {
        if (k > 3) { // IRRELEVANT
            return new Cell(); // IRRELEVANT
        }
        return null; // IRRELEVANT
    }

    public static int run(int k) {
        Cell list = make(k); // IRRELEVANT
        boolean isNull = (list == null); // IRRELEVANT
        int res = 0;
        if (isNull && list != null) { // IRRELEVANT
            res++;
        }
        return res;
    }
}
