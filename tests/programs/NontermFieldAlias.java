// EXPECT: NONTERM args=["a"] kind=looping twin=FieldCountDown
// WHY: the node's other field points to the node itself, so the increment through other undoes the decrement.
public class NontermFieldAlias {
    static class Node {
        int val;
        Node other;
    }

    public static void main(String[] args) {
        Node node = new Node();
        node.val = args.length;
        node.other = node;
        Node cur = node;
        while (cur.val > 0) {
            cur.val--;
            cur.other.val++;
        }
    }
}
