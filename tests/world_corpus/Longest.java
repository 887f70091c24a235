// expect: throws java.util.NoSuchElementException
// route: args
// feature: streams, method-refs
// why: getAsInt on the max of an empty stream throws when there are no arguments.
// input: {}
import java.util.Arrays;

public class Longest {
    public static void main(String[] args) {
        int longest = Arrays.stream(args).mapToInt(String::length).max().getAsInt(); // THROWS
        System.out.println("longest " + longest);
    }
}
