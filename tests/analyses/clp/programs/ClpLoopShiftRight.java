// EXPECT: NONTERM args=[]
// WHY: x = -1 and -1 >> 1 is -1 in Java (arithmetic shift), so x never becomes 0.
public class ClpLoopShiftRight {
    public static void main(String[] args) {
        int x = 0 - args.length - 1;
        while (x != 0) {
            x = x >> 1;
        }
    }
}
