// Terminates: every original node gets a copy inserted after it, and the walk skips over
// the copy (abc becomes aabbcc); the value field may hold anything, the list along next
// stays acyclic.
public class DuplicateList {
    DuplicateList next;
    Object value;

    DuplicateList(Object value, DuplicateList next) {
        this.value = value;
        this.next = next;
    }

    static void duplicate(DuplicateList current) {
        boolean even = true;
        while (current != null) {
            if (even) {
                current.next = new DuplicateList(current.value, current.next);
            }
            current = current.next;
            even = !even;
        }
    }

    public static void main(String[] args) {
        DuplicateList list = null;
        for (int i = 0; i < args.length; i++) {
            list = new DuplicateList(args[i], list);
        }
        duplicate(list);
    }
}
