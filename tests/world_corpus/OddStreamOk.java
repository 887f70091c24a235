// expect: terminates
// route: args
// feature: streams, lambdas
// why: the stream runs while i > 0 stepping by -2, which every start leaves after at most start/2 elements.
// input: {"args": ["a"]}
import java.util.stream.IntStream;

public class OddStreamOk {
    public static void main(String[] args) {
        int start = args[0].length();
        int sum = IntStream.iterate(start, i -> i > 0, i -> i - 2).sum();
        System.out.println(sum);
    }
}
