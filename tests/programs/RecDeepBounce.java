// EXPECT: TERMINATES safe=yes
// WHY: bounce(n, k) alternates n between two values but k counts down from 5000 to 0, ending the recursion.
public class RecDeepBounce {
    static int bounce(int n, int k) {
        if (k <= 0) {
            return n;
        }
        return bounce(1 - n, k - 1);
    }

    public static void main(String[] args) {
        bounce(args.length, 5000);
    }
}
