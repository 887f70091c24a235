// EXPECT: TERMINATES safe=yes
// WHY: for every node the counter runs up to the node's limit, which the loop never writes; the list is acyclic.
public class FieldBoundFromList {
    static class Box {
        int limit;
        Box next;
    }

    public static void main(String[] args) {
        Box head = null;
        for (int i = 0; i < args.length; i++) {
            Box box = new Box();
            box.limit = args[i].length();
            box.next = head;
            head = box;
        }
        int total = 0;
        for (Box b = head; b != null; b = b.next) {
            for (int j = 0; j < b.limit; j++) {
                total += j;
            }
        }
    }
}
