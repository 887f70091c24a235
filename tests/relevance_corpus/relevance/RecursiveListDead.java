// FOR: all
// WHY: length recurses over a list the entry builds (acyclic, so it terminates); the product
// of each node's value is stored and never read, and l is not null where it is read.
public class RecursiveListDead {
    static int length(RlNode l) {
        if (l == null) {
            return 0;
        }
        int skipped = l.value * 2; // IRRELEVANT
        return 1 + length(l.next);
    }

    public static int run(int n) {
        RlNode head = null;
        for (int i = 0; i < n % 20; i++) {
            head = new RlNode(i, head);
        }
        return length(head);
    }
}

class RlNode {
    int value;
    RlNode next;

    RlNode(int value, RlNode next) {
        this.value = value;
        this.next = next;
    }
}
