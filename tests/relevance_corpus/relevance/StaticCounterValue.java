// FOR: value
// WHY: only the returned value matters, so incrementing a static counter is irrelevant.
public class StaticCounterValue {
    static int calls;

    public static int run(int x) {
        calls++; // IRRELEVANT
        return x * 2;
    }
}
