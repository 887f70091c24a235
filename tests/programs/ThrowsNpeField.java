// EXPECT: THROWS java.lang.NullPointerException args=["a"]
// WHY: with one or more arguments the node stays null and main reads its field val.
public class ThrowsNpeField {
    static class Node {
        int val;
    }

    public static void main(String[] args) {
        Node node = null;
        if (args.length == 0) {
            node = new Node();
        }
        int v = node.val;
        if (v > 0) {
            node.val = v - 1;
        }
    }
}
