// EXPECT: NONTERM args=[]
// WHY: x = 2 * args.length + 1 is odd and stays odd when 2 is added and taken away.
public class ClpLoopMaskParity {
    public static void main(String[] args) {
        int x = 2 * args.length + 1;
        while ((x & 1) == 1) {
            x = x + 2;
            x = x - 2;
        }
    }
}
