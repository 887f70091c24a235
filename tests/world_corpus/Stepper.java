// expect: hangs
// route: args
// feature: lambdas
// why: the lambda subtracts the parsed delta; a delta of 0 leaves v positive forever.
// input: {"args": ["0"]}
import java.util.function.IntUnaryOperator;

public class Stepper {
    public static void main(String[] args) {
        int delta = Integer.parseInt(args[0]);
        IntUnaryOperator step = x -> x - delta;
        int v = 100;
        while (v > 0) {
            v = step.applyAsInt(v);
        }
        System.out.println("reached " + v);
    }
}
