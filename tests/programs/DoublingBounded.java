// EXPECT: TERMINATES safe=yes twin=NontermDoubling
// WHY: x doubles while below 1000, so after at most 10 doublings x >= 1000 (or x was 0 from the start).
public class DoublingBounded {
    public static void main(String[] args) {
        int x = args.length;
        while (x > 0 && x < 1000) {
            x = x * 2;
        }
    }
}
