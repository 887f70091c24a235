// EXPECT: TERMINATES safe=yes twin=ThrowsIllegalState
// WHY: an array length is never negative, so the explicit throw is unreachable.
public class SafeThrowUnreachable {
    public static void main(String[] args) {
        if (args.length < 0) {
            throw new IllegalStateException("negative length");
        }
    }
}
