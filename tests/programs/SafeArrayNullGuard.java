// EXPECT: TERMINATES safe=yes twin=ThrowsNpeArray
// WHY: the array may be null, but the store is guarded by a null check.
public class SafeArrayNullGuard {
    public static void main(String[] args) {
        int[] data = args.length > 1 ? null : new int[3];
        if (data != null) {
            data[0] = args.length;
        }
    }
}
