// EXPECT: TERMINATES safe=yes twin=RecKeepRing
// WHY: the ring hangs below head only until head.next is overwritten by a fresh list, so length() walks a list that ends in null.
public class RecCutRing {
    RecCutRing next;

    // n >= 1 fresh nodes appended below this; the last one is returned
    RecCutRing append(int n) {
        next = new RecCutRing();
        if (n <= 1) {
            return next;
        }
        return next.append(n - 1);
    }

    int length() {
        if (next == null) {
            return 1;
        }
        return 1 + next.length();
    }

    public static void main(String[] args) {
        RecCutRing head = new RecCutRing();
        head.next = new RecCutRing();
        RecCutRing last = head.next.append(args.length);
        last.next = head.next; // a ring below head
        head.append(args.length + 1); // cut off: head.next is now a fresh list
        head.length();
    }
}
