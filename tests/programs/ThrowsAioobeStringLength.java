// EXPECT: THROWS java.lang.ArrayIndexOutOfBoundsException args=["abcd"]
// WHY: a first argument of length >= 4 indexes a 4-element array at its length.
public class ThrowsAioobeStringLength {
    public static void main(String[] args) {
        int[] buckets = new int[4];
        for (int i = 0; i < args.length; i++) {
            buckets[args[i].length()]++;
        }
    }
}
