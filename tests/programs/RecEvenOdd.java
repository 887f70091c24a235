// EXPECT: TERMINATES safe=yes
// WHY: isEven and isOdd call each other with n - 1 while n > 0, so n reaches 0.
public class RecEvenOdd {
    static boolean isEven(int n) {
        return n <= 0 || isOdd(n - 1);
    }

    static boolean isOdd(int n) {
        return n > 0 && isEven(n - 1);
    }

    public static void main(String[] args) {
        isEven(args.length * 3 + 1);
    }
}
