// EXPECT: TERMINATES safe=yes twin=NontermArrayJump
// WHY: i moves forward by 1 + a[i] >= 1 each time (lengths are non-negative), so it leaves 0..a.length-1.
public class ArrayJumpForward {
    public static void main(String[] args) {
        int[] a = new int[args.length];
        for (int k = 0; k < args.length; k++) {
            a[k] = args[k].length();
        }
        int i = 0;
        while (i < a.length) {
            i = i + 1 + a[i];
        }
    }
}
