// expect: safe
// route: args
// feature: streams, method-refs, lambdas, regex
// why: only arguments of one to nine digits reach parseInt, and those always fit an int.
// input: {"args": ["1", "x"]}
import java.util.Arrays;

public class SumArgsOk {
    public static void main(String[] args) {
        int sum = Arrays.stream(args).filter(s -> s.matches("-?\\d{1,9}")).mapToInt(Integer::parseInt).sum();
        System.out.println("sum " + sum);
    }
}
