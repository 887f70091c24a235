// EXPECT: TERMINATES safe=yes twin=ThrowsNegativeArraySize
// WHY: Math.max keeps the size non-negative and the loop reads args[i + 3] only while i + 3 < args.length.
public class SafeArraySize {
    public static void main(String[] args) {
        int[] rest = new int[Math.max(0, args.length - 3)];
        for (int i = 0; i < rest.length; i++) {
            rest[i] = args[i + 3].length();
        }
    }
}
