// Terminates: a chain of parent links that ends in a root whose parent is itself (a
// union-find tree); the search follows parent until it meets that root.
public class RootChain {
    RootChain parent;

    static RootChain find(RootChain candidate) {
        while (candidate.parent != candidate) {
            candidate = candidate.parent;
        }
        return candidate;
    }

    public static void main(String[] args) {
        RootChain root = new RootChain();
        root.parent = root;
        RootChain x = root;
        for (int i = 0; i < args.length; i++) {
            RootChain node = new RootChain();
            node.parent = x;
            x = node;
        }
        find(x);
    }
}
