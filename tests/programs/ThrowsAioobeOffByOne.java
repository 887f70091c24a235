// EXPECT: THROWS java.lang.ArrayIndexOutOfBoundsException args=[]
// WHY: the loop runs i up to and including lengths.length, so the last read is one past the end (always).
public class ThrowsAioobeOffByOne {
    public static void main(String[] args) {
        int[] lengths = new int[args.length];
        for (int i = 0; i < args.length; i++) {
            lengths[i] = args[i].length();
        }
        int sum = 0;
        for (int i = 0; i <= lengths.length; i++) {
            sum += lengths[i];
        }
    }
}
