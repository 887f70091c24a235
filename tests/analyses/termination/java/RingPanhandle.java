// Does not terminate: `handle` points into a ring it is not part of, so the walk from
// handle.next circles the ring and never meets `handle` again.
public class RingPanhandle {
    RingPanhandle next;

    void around() {
        RingPanhandle current = this.next;
        while (current != this) {
            current = current.next;
        }
    }

    public static void main(String[] args) {
        RingPanhandle first = new RingPanhandle();
        RingPanhandle last = first;
        for (int i = 0; i < args.length; i++) {
            last.next = new RingPanhandle();
            last = last.next;
        }
        last.next = first;
        RingPanhandle handle = new RingPanhandle();
        handle.next = first;
        handle.around();
    }
}
