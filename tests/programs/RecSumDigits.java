// EXPECT: TERMINATES safe=yes
// WHY: digits(n) recurses on n / 10 while n >= 10, which is strictly smaller.
public class RecSumDigits {
    static int digits(int n) {
        if (n < 10) {
            return n;
        }
        return n % 10 + digits(n / 10);
    }

    public static void main(String[] args) {
        digits(args.length * 1234 + 5);
    }
}
