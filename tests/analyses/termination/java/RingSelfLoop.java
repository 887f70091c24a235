// Does not terminate for args of length >= 1: the first node met after `last` is turned
// into a self-loop, and the walk stays on it, never meeting `last`.
public class RingSelfLoop {
    RingSelfLoop next;

    void around() {
        RingSelfLoop current = this.next;
        while (current != this) {
            current.next = current;
            current = current.next;
        }
    }

    public static void main(String[] args) {
        RingSelfLoop first = new RingSelfLoop();
        RingSelfLoop last = first;
        for (int i = 0; i < args.length; i++) {
            last.next = new RingSelfLoop();
            last = last.next;
        }
        last.next = first;
        last.around();
    }
}
