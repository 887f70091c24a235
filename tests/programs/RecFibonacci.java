// EXPECT: TERMINATES safe=yes
// WHY: fib(n) recurses on n - 1 and n - 2 only while n >= 2; both arguments are smaller.
public class RecFibonacci {
    static int fib(int n) {
        if (n < 2) {
            return n;
        }
        return fib(n - 1) + fib(n - 2);
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Math.min(args[0].length(), 20) : 10;
        fib(n);
    }
}
