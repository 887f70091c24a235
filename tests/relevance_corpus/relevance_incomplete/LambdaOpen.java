// FOR: all
// WHY: the graph stops at the serializable lambda (altMetafactory: unsupported), so run,
// half and every method they call may run in the unexplored part: dead in half is irrelevant
// in truth, but the graph does not prove it, and nothing is reported.
import java.util.function.IntUnaryOperator;

public class LambdaOpen {
    static int half(int n) {
        int dead = n * 3;
        return n / 2;
    }

    public static int run(int n) {
        int m = half(n);
        IntUnaryOperator f = (IntUnaryOperator & java.io.Serializable) x -> x + 1;
        return f.applyAsInt(m);
    }
}
