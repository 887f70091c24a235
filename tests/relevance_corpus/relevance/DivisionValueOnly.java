// FOR: value
// WHY: the program of DivisionForException with only the returned value relevant: the
// division (and its exception) no longer matters.
public class DivisionValueOnly {
    public static int run(int d) {
        int q = 100 / d; // IRRELEVANT
        return 5;
    }
}
