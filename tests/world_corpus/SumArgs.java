// expect: throws java.lang.NumberFormatException
// route: args
// feature: streams, method-refs
// why: every argument goes through Integer::parseInt, so a word among them throws.
// input: {"args": ["1", "x"]}
import java.util.Arrays;

public class SumArgs {
    public static void main(String[] args) {
        int sum = Arrays.stream(args).mapToInt(Integer::parseInt).sum(); // THROWS
        System.out.println("sum " + sum);
    }
}
