// FOR: all
// WHY: the final value of a static field is observable by the caller: the increment is
// relevant.
public class StaticCounterEffects {
    static int calls;

    public static int run(int x) {
        calls++;
        return x * 2;
    }
}
