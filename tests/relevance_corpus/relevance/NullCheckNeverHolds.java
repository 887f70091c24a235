// FOR: value
// WHY: every Item is built with a new Object, so c.item == null never holds (the non-null field
// invariant of NcItem.item, proved on the graph): nulls stays 0, the list and the scanning
// loop are irrelevant for the returned value; the increment is never reached.
public class NullCheckNeverHolds {
    public static int run(int n) {
        NcItem head = null; // IRRELEVANT
        for (int i = 0; i < n; i++) { // IRRELEVANT
            head = new NcItem(new Object(), head); // IRRELEVANT
        }
        int nulls = 0;
        for (NcItem c = head; c != null; c = c.next) { // IRRELEVANT
            if (c.item == null) { // IRRELEVANT
                nulls++;
            }
        }
        return nulls;
    }
}

class NcItem {
    Object item;
    NcItem next;

    NcItem(Object item, NcItem next) {
        this.item = item;
        this.next = next;
    }
}
