// EXPECT: TERMINATES safe=yes twin=ThrowsAioobeOffByOne
// WHY: both loops keep i strictly below the array length.
public class SafeLoopBound {
    public static void main(String[] args) {
        int[] lengths = new int[args.length];
        for (int i = 0; i < args.length; i++) {
            lengths[i] = args[i].length();
        }
        int sum = 0;
        for (int i = 0; i < lengths.length; i++) {
            sum += lengths[i];
        }
    }
}
