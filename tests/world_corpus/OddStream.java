// expect: hangs
// route: args
// feature: streams, lambdas
// why: IntStream.iterate runs while i != 0 stepping by -2; an odd start keeps its parity and never hits 0.
// input: {"args": ["a"]}
import java.util.stream.IntStream;

public class OddStream {
    public static void main(String[] args) {
        int start = args[0].length();
        int sum = IntStream.iterate(start, i -> i != 0, i -> i - 2).sum();
        System.out.println(sum);
    }
}
