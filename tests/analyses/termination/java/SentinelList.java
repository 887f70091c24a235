// Terminates: a circular list with a sentinel header (as java.util.LinkedList); the search
// walks from header.next along next and stops at the latest when it is back at the header.
public class SentinelList {
    static final class Entry {
        Entry next;
        Entry previous;
        int value;
    }

    final Entry header = new Entry();

    SentinelList() {
        header.next = header;
        header.previous = header;
    }

    void addLast(int value) {
        Entry entry = new Entry();
        entry.value = value;
        entry.next = header;
        entry.previous = header.previous;
        entry.previous.next = entry;
        header.previous = entry;
    }

    int indexOf(int value) {
        int index = 0;
        for (Entry e = header.next; e != header; e = e.next) {
            if (e.value == value) {
                return index;
            }
            index++;
        }
        return -1;
    }

    public static void main(String[] args) {
        SentinelList list = new SentinelList();
        for (int i = 0; i < args.length; i++) {
            list.addLast(args[i].length());
        }
        list.indexOf(-1);
    }
}
