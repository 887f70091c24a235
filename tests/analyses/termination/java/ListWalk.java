// Terminates: the list is built by appending fresh nodes, so it is acyclic, and the walk
// follows next to null (the look-alike CycleWalk closes the list first).
public class ListWalk {
    ListWalk next;

    public static void main(String[] args) {
        ListWalk first = new ListWalk();
        ListWalk last = first;
        for (int i = 0; i < args.length; i++) {
            ListWalk n = new ListWalk();
            last.next = n;
            last = n;
        }
        ListWalk x = first;
        while (x != null) {
            x = x.next;
        }
    }
}
