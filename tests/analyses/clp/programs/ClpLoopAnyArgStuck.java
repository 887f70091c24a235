// EXPECT: NONTERM args=[""]
// WHY: an empty argument never advances i, so i < args.length holds forever.
public class ClpLoopAnyArgStuck {
    public static void main(String[] args) {
        int i = 0;
        while (i < args.length) {
            if (args[i].length() > 0) {
                i = i + 1;
            }
        }
    }
}
