// Does not terminate for a non-empty args: the list is closed into a cycle before the walk.
public class CycleWalk {
    CycleWalk next;

    public static void main(String[] args) {
        CycleWalk first = new CycleWalk();
        CycleWalk last = first;
        for (int i = 0; i < args.length; i++) {
            CycleWalk n = new CycleWalk();
            last.next = n;
            last = n;
        }
        last.next = first;
        CycleWalk x = first;
        while (x != null) {
            x = x.next;
        }
    }
}
