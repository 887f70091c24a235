// expect: throws java.lang.UnsupportedOperationException
// route: args
// feature: collections
// why: List.of gives an unmodifiable list, and add is called on it when no argument is given.
// input: {}
import java.util.List;

public class Names {
    public static void main(String[] args) {
        List<String> names = List.of(args);
        if (names.isEmpty()) {
            names.add("anonymous"); // THROWS
        }
        System.out.println(names);
    }
}
