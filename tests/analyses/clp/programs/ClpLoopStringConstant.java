// EXPECT: NONTERM args=[]
// WHY: the constant "abc" always has length 3 > 2.
public class ClpLoopStringConstant {
    public static void main(String[] args) {
        String s = "abc";
        int k = args.length;
        while (s.length() > 2) {
            k = k + 0;
        }
    }
}
