// expect: safe
// route: args
// feature: collections, autoboxing
// why: getOrDefault gives 0 for an unknown item, so the unboxed value is never null.
// input: {"args": ["kiwi"]}
import java.util.Map;

public class PricesOk {
    private static final Map<String, Integer> PRICES = Map.of("apple", 3, "pear", 5);

    public static void main(String[] args) {
        String item = args.length > 0 ? args[0] : "apple";
        int price = PRICES.getOrDefault(item, 0);
        System.out.println(item + " costs " + price);
    }
}
