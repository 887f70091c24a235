// EXPECT: NONTERM args=["a"] kind=looping
// WHY: the only exit is break on k == 0, but k starts odd and steps by 2 modulo 4, never reaching 0.
public class NontermBreakMissed {
    public static void main(String[] args) {
        int k = args.length % 2 == 1 ? 1 : 0;
        while (true) {
            if (k == 0) {
                break;
            }
            k = (k + 2) % 4;
        }
    }
}
