// Does not terminate: the chain of parent links ends in two nodes that are each other's
// parent, not in a node whose parent is itself, so the search never stops.
public class RootPair {
    RootPair parent;

    static RootPair find(RootPair candidate) {
        while (candidate.parent != candidate) {
            candidate = candidate.parent;
        }
        return candidate;
    }

    public static void main(String[] args) {
        RootPair root = new RootPair();
        RootPair other = new RootPair();
        root.parent = other;
        other.parent = root;
        RootPair x = root;
        for (int i = 0; i < args.length; i++) {
            RootPair node = new RootPair();
            node.parent = x;
            x = node;
        }
        find(x);
    }
}
