// EXPECT: THROWS java.lang.NullPointerException args=["a","b","c"] entry=weight
// WHY: more than two arguments pass null to weight(), which dereferences its parameter.
public class ThrowsNpeThroughMethod {
    static class Item {
        int weight = 1;
    }

    static int weight(Item item) {
        return item.weight;
    }

    public static void main(String[] args) {
        Item item = args.length > 2 ? null : new Item();
        int w = weight(item);
        if (w < 0) {
            w = 0;
        }
    }
}
