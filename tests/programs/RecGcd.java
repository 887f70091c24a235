// EXPECT: TERMINATES safe=yes
// WHY: recursive Euclid on non-negative arguments: the second argument a % b is strictly smaller than b.
public class RecGcd {
    static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    public static void main(String[] args) {
        int a = args.length * 6;
        int b = args.length > 0 ? args[0].length() : 4;
        gcd(a, b);
    }
}
