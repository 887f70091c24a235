// EXPECT: TERMINATES safe=yes
// WHY: phase 1 counts i up to n, then phase 2 (entered once, never left) counts i down to 0 and breaks.
public class TwoPhase {
    public static void main(String[] args) {
        int n = args.length;
        int i = 0;
        boolean up = true;
        while (true) {
            if (up) {
                if (i < n) {
                    i++;
                } else {
                    up = false;
                }
            } else {
                if (i > 0) {
                    i--;
                } else {
                    break;
                }
            }
        }
    }
}
