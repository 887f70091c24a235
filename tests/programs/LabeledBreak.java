// EXPECT: TERMINATES safe=yes
// WHY: both loops are bounded counters; break outer only leaves earlier.
public class LabeledBreak {
    public static void main(String[] args) {
        int found = -1;
        outer:
        for (int i = 0; i < args.length; i++) {
            for (int j = i + 1; j < args.length; j++) {
                if (args[i].length() == args[j].length()) {
                    found = i;
                    break outer;
                }
            }
        }
    }
}
