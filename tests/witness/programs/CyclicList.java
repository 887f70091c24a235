// Throws (marking variant) or loops forever (counting variant) only on a cyclic list.
class Link {
    Link next;
    int mark;
}

public class CyclicList {
    static void sweep(Link head) {
        for (Link p = head; p != null; p = p.next) {
            if (p.mark == 1) {
                throw new IllegalStateException("cycle"); // @line:sweep-throw
            }
            p.mark = 1;
        }
    }

    static int length(Link head) {
        int n = 0;
        for (Link p = head; p != null; p = p.next) { // @line:length-loop-start
            n++; // @line:length-loop-end
        }
        return n;
    }
}
