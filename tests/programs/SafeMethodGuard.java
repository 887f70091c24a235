// EXPECT: TERMINATES safe=yes twin=ThrowsNpeThroughMethod
// WHY: weight() checks its parameter for null before reading the field.
public class SafeMethodGuard {
    static class Item {
        int weight = 1;
    }

    static int weight(Item item) {
        return item == null ? 0 : item.weight;
    }

    public static void main(String[] args) {
        Item item = args.length > 2 ? null : new Item();
        int w = weight(item);
        if (w < 0) {
            w = 0;
        }
    }
}
