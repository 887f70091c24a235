// EXPECT: NONTERM args=[]
// WHY: x = args.length = 0 halves to 0 forever and never equals 1.
public class ClpLoopHalving {
    public static void main(String[] args) {
        int x = args.length;
        while (x != 1) {
            x = x / 2;
        }
    }
}
