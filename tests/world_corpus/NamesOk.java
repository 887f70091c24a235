// expect: safe
// route: args
// feature: collections
// why: the arguments are copied into an ArrayList, which accepts add.
// input: {}
import java.util.ArrayList;
import java.util.List;

public class NamesOk {
    public static void main(String[] args) {
        List<String> names = new ArrayList<>(List.of(args));
        if (names.isEmpty()) {
            names.add("anonymous");
        }
        System.out.println(names);
    }
}
