// Does not terminate: the tail built below `second` stays linked, so copy appends to the end
// of the very list it walks and the source never reaches null (look-alike of CutThenCopy).
public class CopyIntoItself {
    int val;
    CopyIntoItself next;

    static void copy(CopyIntoItself source, CopyIntoItself target) {
        while (source != null) {
            CopyIntoItself fresh = new CopyIntoItself();
            fresh.val = source.val;
            target.next = fresh;
            source = source.next;
            target = target.next;
        }
    }

    CopyIntoItself appendList(int n) {
        next = new CopyIntoItself();
        CopyIntoItself cur = next;
        while (n > 1) {
            n--;
            cur = cur.next = new CopyIntoItself();
        }
        return cur;
    }

    public static void main(String[] args) {
        CopyIntoItself first = new CopyIntoItself();
        CopyIntoItself second = first.appendList(1);
        CopyIntoItself last = second.appendList(args.length);
        copy(first, last);
    }
}
