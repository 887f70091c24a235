// FOR: value,exceptions
// WHY: the program of Ex413LoopMayRunForever with termination left out of the result (the
// thesis's choice, §4.3.2): the loop does not influence the returned value.
public class Ex413LoopMayRunForeverValue {
    public static int run(int x) {
        int res = 0;
        while (x != 0) { // IRRELEVANT
            x = x - 2; // IRRELEVANT
        }
        res++;
        return res;
    }
}
