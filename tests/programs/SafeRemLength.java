// EXPECT: TERMINATES safe=yes twin=ThrowsArithRem
// WHY: the divisor is a string length plus one, hence at least 1.
public class SafeRemLength {
    public static void main(String[] args) {
        if (args.length > 0) {
            int bucket = 7 % (args[0].length() + 1);
            if (bucket < 0) {
                bucket = -bucket;
            }
        }
    }
}
