// Non-terminating for args of length >= 2: each round adds two nodes and then drops one, so
// the list only grows (the non-termination prover cannot show this: it is not in the corpus).
public class GrowsForever {
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
        boolean shrink = false;
        while (list != null && list.next != null) {
            if (shrink) {
                list = list.next;
            } else {
                list = new Node(new Node(list));
            }
            shrink = !shrink;
        }
    }
}
