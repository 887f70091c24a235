// EXPECT: NONTERM args=["a"] kind=looping stackoverflow=yes twin=RecCutRing
// WHY: the fresh list is appended below another object, the ring below head stays, and length() follows it for ever.
public class RecKeepRing {
    RecKeepRing next;

    // n >= 1 fresh nodes appended below this; the last one is returned
    RecKeepRing append(int n) {
        next = new RecKeepRing();
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
        RecKeepRing head = new RecKeepRing();
        head.next = new RecKeepRing();
        RecKeepRing last = head.next.append(args.length);
        last.next = head.next; // a ring below head
        new RecKeepRing().append(args.length + 1); // a fresh list elsewhere: the ring stays
        head.length();
    }
}
