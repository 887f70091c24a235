// EXPECT: TERMINATES safe=yes twin=ThrowsNpeField
// WHY: the field is read only after checking that the node is not null.
public class SafeNullGuard {
    static class Node {
        int val;
    }

    public static void main(String[] args) {
        Node node = null;
        if (args.length == 0) {
            node = new Node();
        }
        int v = 0;
        if (node != null) {
            v = node.val;
        }
        if (v > 0 && node != null) {
            node.val = v - 1;
        }
    }
}
