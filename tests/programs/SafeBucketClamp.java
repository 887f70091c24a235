// EXPECT: TERMINATES safe=yes twin=ThrowsAioobeStringLength
// WHY: Math.min clamps every length to at most 3, a valid index of the 4-element array.
public class SafeBucketClamp {
    public static void main(String[] args) {
        int[] buckets = new int[4];
        for (int i = 0; i < args.length; i++) {
            buckets[Math.min(args[i].length(), 3)]++;
        }
    }
}
