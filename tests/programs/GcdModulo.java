// EXPECT: TERMINATES safe=yes
// WHY: Euclid's algorithm on non-negative a, b: b' = a % b satisfies 0 <= b' < b, so b strictly decreases to 0.
public class GcdModulo {
    public static void main(String[] args) {
        int a = args.length;
        int b = args.length > 0 ? args[0].length() : 12;
        while (b != 0) {
            int t = b;
            b = a % b;
            a = t;
        }
    }
}
