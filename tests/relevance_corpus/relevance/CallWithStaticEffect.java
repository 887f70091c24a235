// FOR: all
// WHY: bump changes a static field, which is observable: its call is relevant although its
// result is dropped (so computing that result, return count, is irrelevant).
public class CallWithStaticEffect {
    static int count;

    static int bump() {
        count++;
        return count; // IRRELEVANT[unused-value]
    }

    public static int run(int x) {
        bump();
        return x;
    }
}
