// expect: throws java.util.ConcurrentModificationException
// route: args
// feature: collections, foreach
// why: removing from the list inside its for-each makes the iterator's next call throw (an empty first argument of three does it).
// input: {"args": ["", "b", "c"]}
import java.util.ArrayList;
import java.util.List;

public class Cleanup {
    public static void main(String[] args) {
        List<String> words = new ArrayList<>(List.of(args));
        for (String w : words) { // THROWS
            if (w.isEmpty()) {
                words.remove(w);
            }
        }
        System.out.println(words);
    }
}
