// Does not terminate: the list below t.field is closed into a ring through t.field, and
// length() walks that ring, which never reaches null.
public class RingAfterFresh {
    RingAfterFresh field;

    public static void main(String[] args) {
        RingAfterFresh t = new RingAfterFresh();
        t.field = new RingAfterFresh();
        t.appendList(args.length);
        t.field.appendRing(args.length);
        t.length();
    }

    int length() {
        int length = 1;
        RingAfterFresh cur = this.field;
        while (cur != null) {
            cur = cur.field;
            length++;
        }
        return length;
    }

    void appendRing(int i) {
        RingAfterFresh last = this.appendList(i);
        last.field = this;
    }

    RingAfterFresh appendList(int i) {
        this.field = new RingAfterFresh();
        RingAfterFresh cur = this.field;
        while (i > 1) {
            i--;
            cur = cur.field = new RingAfterFresh();
        }
        return cur;
    }
}
