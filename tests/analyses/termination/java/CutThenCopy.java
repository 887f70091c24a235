// Terminates: the tail built below `second` is cut off (second.next = null) before copy, so the
// source list is first -> second -> null and the copy appends fresh nodes to the detached tail.
public class CutThenCopy {
    int val;
    CutThenCopy next;

    static void copy(CutThenCopy source, CutThenCopy target) {
        while (source != null) {
            CutThenCopy fresh = new CutThenCopy();
            fresh.val = source.val;
            target.next = fresh;
            source = source.next;
            target = target.next;
        }
    }

    CutThenCopy appendList(int n) {
        next = new CutThenCopy();
        CutThenCopy cur = next;
        while (n > 1) {
            n--;
            cur = cur.next = new CutThenCopy();
        }
        return cur;
    }

    public static void main(String[] args) {
        CutThenCopy first = new CutThenCopy();
        CutThenCopy second = first.appendList(1);
        CutThenCopy last = second.appendList(args.length);
        second.next = null;
        copy(first, last);
    }
}
