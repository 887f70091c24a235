// expect: throws java.util.NoSuchElementException
// route: args
// feature: streams, lambdas, optional
// why: Optional.get on the first argument longer than five characters throws when there is none.
// input: {"args": ["a"]}
import java.util.Arrays;

public class LongWord {
    public static void main(String[] args) {
        String word = Arrays.stream(args).filter(s -> s.length() > 5).findFirst().get(); // THROWS
        System.out.println(word);
    }
}
