// Terminates: a doubly linked list is cyclic through pred and next together, but acyclic
// along next alone (each new node is appended after the last), and the walk follows next.
public class DoublyWalk {
    DoublyWalk pred, next;

    DoublyWalk(DoublyWalk pred) {
        if (pred != null) {
            pred.next = this;
        }
        this.pred = pred;
    }

    static int length(DoublyWalk l) {
        int r = 1;
        while ((l = l.next) != null) {
            r++;
        }
        return r;
    }

    public static void main(String[] args) {
        DoublyWalk first = new DoublyWalk(null);
        DoublyWalk cur = first;
        for (int i = 0; i < args.length; i++) {
            cur = new DoublyWalk(cur);
        }
        length(first);
    }
}
