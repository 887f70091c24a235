// FOR: all
// WHY: helper only computes a value, which is dropped: the call and helper's body are irrelevant.
public class UnusedCallResult {
    static int helper(int x) {
        return x * x; // IRRELEVANT[unused-value]
    }

    public static int run(int x) {
        helper(x); // IRRELEVANT
        return x;
    }
}
