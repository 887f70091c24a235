// FOR: all
// WHY: b is a fresh object that is never read after the write; only x + 1 is returned.
public class FreshObjectUnused {
    static class Box {
        int v;
    }

    public static int run(int x) {
        Box b = new Box(); // IRRELEVANT[dead-store]
        b.v = x; // IRRELEVANT
        return x + 1;
    }
}
