// Does not terminate when args is non-empty: the same doubly linked list, but each round
// steps forward along next and back along pred, returning to the node it started from.
public class DoublyBounce {
    DoublyBounce pred, next;

    DoublyBounce(DoublyBounce pred) {
        if (pred != null) {
            pred.next = this;
        }
        this.pred = pred;
    }

    static int bounce(DoublyBounce l) {
        int r = 1;
        while ((l = l.next) != null) {
            r++;
            l = l.pred;
        }
        return r;
    }

    public static void main(String[] args) {
        DoublyBounce first = new DoublyBounce(null);
        DoublyBounce cur = first;
        for (int i = 0; i < args.length; i++) {
            cur = new DoublyBounce(cur);
        }
        bounce(first);
    }
}
