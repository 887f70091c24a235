// Does not terminate on no arguments: both cells are self-loops, and the body restores both
// (look-alike of SelfLoopPair).
public class SelfLoopPairBoth {
    SelfLoopPairBoth next;

    public static void main(String[] args) {
        SelfLoopPairBoth one = new SelfLoopPairBoth();
        SelfLoopPairBoth two = new SelfLoopPairBoth();
        if (args.length == 0) {
            two.next = two;
            one.next = one;
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
