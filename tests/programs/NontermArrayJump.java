// EXPECT: NONTERM args=[""] kind=looping
// WHY: i jumps to a[i]; for [""] a[0] = 0, so i stays 0 and 0 < a.length forever.
public class NontermArrayJump {
    public static void main(String[] args) {
        int[] a = new int[args.length];
        for (int k = 0; k < args.length; k++) {
            a[k] = args[k].length();
        }
        int i = 0;
        while (i < a.length) {
            i = a[i];
        }
    }
}
