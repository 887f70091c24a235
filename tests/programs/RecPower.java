// EXPECT: TERMINATES safe=yes
// WHY: power(b, e) recurses on e / 2 while e > 0, which is strictly smaller.
public class RecPower {
    static long power(long base, int exponent) {
        if (exponent <= 0) {
            return 1;
        }
        long half = power(base, exponent / 2);
        return exponent % 2 == 0 ? half * half : half * half * base;
    }

    public static void main(String[] args) {
        power(3, args.length * 7 + (args.length > 0 ? args[0].length() : 0));
    }
}
