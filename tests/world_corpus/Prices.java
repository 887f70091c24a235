// expect: throws java.lang.NullPointerException
// route: args
// feature: collections, autoboxing
// why: Map.get returns null for an unknown item, and unboxing it to an int throws.
// input: {"args": ["kiwi"]}
import java.util.Map;

public class Prices {
    private static final Map<String, Integer> PRICES = Map.of("apple", 3, "pear", 5);

    public static void main(String[] args) {
        String item = args.length > 0 ? args[0] : "apple";
        int price = PRICES.get(item); // THROWS
        System.out.println(item + " costs " + price);
    }
}
