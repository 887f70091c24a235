// Terminates: in-place reversal of a list built from null; x walks the rest of the list, which
// keeps ending in null while the nodes behind it are turned around.
public class ReverseList {
    public static void main(String... args) {
        ReverseNode x = ReverseNode.createList(args[0].length(), null);
        ReverseNode.reverse(x);
    }
}

class ReverseNode {
    ReverseNode n;

    ReverseNode(ReverseNode next) {
        this.n = next;
    }

    static void reverse(ReverseNode x) {
        ReverseNode y = null;
        while (x != null) {
            ReverseNode z = x;
            x = x.n;
            z.n = y;
            y = z;
        }
    }

    static ReverseNode createList(int l, ReverseNode end) {
        while (--l > 0) {
            end = new ReverseNode(end);
        }
        return end;
    }
}
