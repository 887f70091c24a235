// FOR: all
// WHY: z is a static field whose final value the caller sees: the decrement in every activation is relevant (a recursive call's summary forgets z in the graph, yet z's final value depends on it); the temporary t is read by nothing.
public class RecursiveStaticCounter {
    static int z;

    public static void run(int x) {
        int t = x * 3; // IRRELEVANT
        if (x > 0) {
            z = z - 1;
            run(x - 1);
        }
    }
}
