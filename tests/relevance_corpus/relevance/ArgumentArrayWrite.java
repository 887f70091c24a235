// FOR: all
// WHY: the caller sees the contents of its array argument: the write is relevant.
public class ArgumentArrayWrite {
    public static void run(int[] a) {
        if (a.length > 0) {
            a[0] = 5;
        }
    }
}
