// EXPECT: TERMINATES safe=yes twin=ThrowsArithInLoop
// WHY: the divisor i + args.length + 1 is at least 1 for every i in 0..3.
public class SafeArithLoop {
    public static void main(String[] args) {
        int total = 0;
        for (int i = 3; i >= 0; i--) {
            total += 12 / (i + args.length + 1);
        }
    }
}
