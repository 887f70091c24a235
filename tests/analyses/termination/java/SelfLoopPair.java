// Terminates: only one of the two cells is a self-loop when the loop is reached, so its guard
// (both self-loops) is false at once (the two entry states differ in which field is null).
public class SelfLoopPair {
    SelfLoopPair next;

    public static void main(String[] args) {
        SelfLoopPair one = new SelfLoopPair();
        SelfLoopPair two = new SelfLoopPair();
        if (args.length == 0) {
            two.next = two;
        } else {
            one.next = one;
        }
        while (two.next == two && one.next == one) {
            one.next = two;
            two.next = one;
            one.next = two.next;
            two.next = two;
        }
    }
}
