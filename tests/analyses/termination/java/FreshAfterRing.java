// Terminates: the list below t.field is first closed into a ring through t.field, then
// t.field is replaced by a fresh list ending in null; length() walks that fresh list.
public class FreshAfterRing {
    FreshAfterRing field;

    public static void main(String[] args) {
        FreshAfterRing t = new FreshAfterRing();
        t.field = new FreshAfterRing();
        t.field.appendRing(args.length);
        t.appendList(args.length);
        t.length();
    }

    int length() {
        int length = 1;
        FreshAfterRing cur = this.field;
        while (cur != null) {
            cur = cur.field;
            length++;
        }
        return length;
    }

    void appendRing(int i) {
        FreshAfterRing last = this.appendList(i);
        last.field = this;
    }

    FreshAfterRing appendList(int i) {
        this.field = new FreshAfterRing();
        FreshAfterRing cur = this.field;
        while (i > 1) {
            i--;
            cur = cur.field = new FreshAfterRing();
        }
        return cur;
    }
}
