// Does not terminate for args of length >= 1: `first` is unlinked from the ring of two or
// more nodes (last.next skips it), so the walk from first.next never meets `first` again.
public class RingUnlinked {
    RingUnlinked next;

    void around() {
        RingUnlinked current = this.next;
        while (current != this) {
            current = current.next;
        }
    }

    public static void main(String[] args) {
        RingUnlinked first = new RingUnlinked();
        RingUnlinked last = first;
        for (int i = 0; i < args.length; i++) {
            last.next = new RingUnlinked();
            last = last.next;
        }
        last.next = first;
        last.next = first.next;
        first.around();
    }
}
