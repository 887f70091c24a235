// FOR: all
// WHY: junk and the inner loop never reach r; both loops terminate.
public class NestedDeadInner {
    public static int run(int n) {
        int r = 0;
        for (int i = 0; i < n; i++) {
            int junk = 0; // IRRELEVANT
            for (int j = 0; j < i; j++) { // IRRELEVANT
                junk += j; // IRRELEVANT
            }
            r += i;
        }
        return r;
    }
}
