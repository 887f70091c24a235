// EXPECT: TERMINATES
// WHY: each round of three steps drops four nodes and adds three, so the acyclic list shrinks (a short one ends by a NullPointerException).
public class GrowShrinkList {
    static class Node {
        Node next;

        Node(Node next) {
            this.next = next;
        }
    }

    public static void main(String[] args) {
        Node list = null;
        for (int i = 0; i < args.length; i++) {
            list = new Node(list);
        }
        int mode = 0;
        while (list != null) {
            if (mode == 0) {
                list = list.next.next.next.next;
            } else if (mode == 1) {
                list = new Node(list);
            } else {
                list = new Node(new Node(list));
            }
            mode++;
            if (mode > 2) {
                mode = 0;
            }
        }
    }
}
