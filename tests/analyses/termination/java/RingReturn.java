// Terminates: the list is closed into a ring through `last`, so the walk from last.next
// comes back to `last` after at most args.length + 1 steps.
public class RingReturn {
    RingReturn next;

    void around() {
        RingReturn current = this.next;
        while (current != this) {
            current = current.next;
        }
    }

    public static void main(String[] args) {
        RingReturn first = new RingReturn();
        RingReturn last = first;
        for (int i = 0; i < args.length; i++) {
            last.next = new RingReturn();
            last = last.next;
        }
        last.next = first;
        last.around();
    }
}
