// expect: safe
// route: args
// feature: streams, method-refs
// why: orElse(0) answers for an empty stream.
// input: {}
import java.util.Arrays;

public class LongestOk {
    public static void main(String[] args) {
        int longest = Arrays.stream(args).mapToInt(String::length).max().orElse(0);
        System.out.println("longest " + longest);
    }
}
