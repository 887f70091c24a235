// FOR: all
// WHY: run keeps only the count of calls; the values twice computes and wrap hands on are dropped, so the returns of both (and what feeds them) are irrelevant, though the call itself is relevant (it counts).
public class ReturnOfCall {
    static int calls;

    static int twice(int x) {
        calls++;
        return x * 2; // IRRELEVANT[unused-value]
    }

    static int wrap(int x) {
        return twice(x); // IRRELEVANT[unused-value]
    }

    static int guarded(int x) {
        try {
            return twice(x);
        } catch (RuntimeException e) {
            return -1;
        }
    }

    public static int used(int a) {
        return wrap(a);
    }

    public static int run(int a) {
        wrap(a); // IRRELEVANT[unused-value]
        return calls;
    }
}
