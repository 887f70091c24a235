// expect: safe
// route: args
// feature: collections, method-refs
// why: removeIf removes the empty words without an iterator the program holds.
// input: {"args": ["", "b", "c"]}
import java.util.ArrayList;
import java.util.List;

public class CleanupOk {
    public static void main(String[] args) {
        List<String> words = new ArrayList<>(List.of(args));
        words.removeIf(String::isEmpty);
        System.out.println(words);
    }
}
