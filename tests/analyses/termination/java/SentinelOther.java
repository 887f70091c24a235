// Does not terminate: the search walks the ring of the first list (the header alone when
// args is empty) but waits for the header of another list, which is not on that ring.
public class SentinelOther {
    static final class Entry {
        Entry next;
        Entry previous;
        int value;
    }

    final Entry header = new Entry();

    SentinelOther() {
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

    int indexOf(SentinelOther other, int value) {
        int index = 0;
        for (Entry e = header.next; e != other.header; e = e.next) {
            if (e.value == value) {
                return index;
            }
            index++;
        }
        return -1;
    }

    public static void main(String[] args) {
        SentinelOther list = new SentinelOther();
        SentinelOther other = new SentinelOther();
        for (int i = 0; i < args.length; i++) {
            list.addLast(args[i].length());
        }
        list.indexOf(other, -1);
    }
}
