// FOR: value
// WHY: the look-alike of NullCheckNeverHolds in which every second item is null: the invariant
// is refuted by the graph (a write of null), the null check can hold, and the count depends on
// the whole list: nothing is irrelevant.
public class NullCheckMayHold {
    public static int run(int n) {
        NmItem head = null;
        for (int i = 0; i < n; i++) {
            head = new NmItem(i % 2 == 0 ? null : new Object(), head);
        }
        int nulls = 0;
        for (NmItem c = head; c != null; c = c.next) {
            if (c.item == null) {
                nulls++;
            }
        }
        return nulls;
    }
}

class NmItem {
    Object item;
    NmItem next;

    NmItem(Object item, NmItem next) {
        this.item = item;
        this.next = next;
    }
}
