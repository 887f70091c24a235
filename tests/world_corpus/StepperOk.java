// expect: terminates
// route: args
// feature: lambdas
// why: the delta is clamped to 1..100, so the lambda lowers v by at least 1 each round.
// input: {"args": ["0"]}
import java.util.function.IntUnaryOperator;

public class StepperOk {
    public static void main(String[] args) {
        int delta = Math.min(100, Math.max(1, Integer.parseInt(args[0])));
        IntUnaryOperator step = x -> x - delta;
        int v = 100;
        while (v > 0) {
            v = step.applyAsInt(v);
        }
        System.out.println("reached " + v);
    }
}
