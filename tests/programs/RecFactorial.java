// EXPECT: TERMINATES safe=yes
// WHY: fact(n) calls fact(n - 1) only while n > 0, so the argument decreases to 0.
public class RecFactorial {
    static long fact(int n) {
        if (n <= 0) {
            return 1;
        }
        return n * fact(n - 1);
    }

    public static void main(String[] args) {
        fact(args.length + (args.length > 0 ? args[0].length() : 5));
    }
}
