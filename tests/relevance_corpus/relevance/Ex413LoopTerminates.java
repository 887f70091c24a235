// FOR: all
// WHY: thesis Example 4.13: the loop only decides how often x changes; it always terminates
// (x decreases), so it is irrelevant even when termination is part of the result.
public class Ex413LoopTerminates {
    public static int run(int x) {
        int res = 0;
        while (x > 0) { // IRRELEVANT
            x = x - 2; // IRRELEVANT
        }
        res++;
        return res;
    }
}
