// expect: safe
// route: args
// feature: streams, lambdas, optional
// why: orElse gives a default when no argument is long enough.
// input: {"args": ["a"]}
import java.util.Arrays;

public class LongWordOk {
    public static void main(String[] args) {
        String word = Arrays.stream(args).filter(s -> s.length() > 5).findFirst().orElse("none");
        System.out.println(word);
    }
}
