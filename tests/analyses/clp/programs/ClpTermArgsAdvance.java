// EXPECT: TERMINATES
// WHY: twin of ClpLoopAnyArgStuck: i advances on every argument.
public class ClpTermArgsAdvance {
    public static void main(String[] args) {
        int i = 0;
        while (i < args.length) {
            if (args[i].length() >= 0) {
                i = i + 1;
            }
        }
    }
}
