// EXPECT: THROWS java.lang.ArrayIndexOutOfBoundsException args=["a"]
// WHY: the index args.length - 2 is -1 for a single argument.
public class ThrowsAioobeNegative {
    public static void main(String[] args) {
        int[] table = new int[5];
        int index = args.length - 2;
        if (index < 5) {
            table[index] = 1;
        }
    }
}
