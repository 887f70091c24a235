// Does not terminate for a non-empty args: the walk steps onto the copy it just inserted
// and copies that one again, so the list grows as fast as the walk advances.
public class DuplicateForever {
    DuplicateForever next;
    Object value;

    DuplicateForever(Object value, DuplicateForever next) {
        this.value = value;
        this.next = next;
    }

    static void duplicate(DuplicateForever current) {
        while (current != null) {
            current.next = new DuplicateForever(current.value, current.next);
            current = current.next;
        }
    }

    public static void main(String[] args) {
        DuplicateForever list = null;
        for (int i = 0; i < args.length; i++) {
            list = new DuplicateForever(args[i], list);
        }
        duplicate(list);
    }
}
