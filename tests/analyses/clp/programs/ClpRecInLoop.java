// EXPECT: NONTERM args=[""] stackoverflow=yes
// WHY: spin(n) with n > 0 calls spin(n) again from inside its loop before anything changes n.
public class ClpRecInLoop {
    static void spin(int n) {
        while (n > 0) {
            spin(n);
            n = n - 1;
        }
    }

    public static void main(String[] args) {
        spin(args.length);
    }
}
