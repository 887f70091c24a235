// EXPECT: NONTERM args=[]
// WHY: o is a fresh object, never null, so the loop never exits.
public class ClpLoopObjectGuard {
    public static void main(String[] args) {
        Object o = new Object();
        int k = args.length;
        while (o != null) {
            k = k + 0;
        }
    }
}
