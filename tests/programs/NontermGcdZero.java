// EXPECT: NONTERM args=[""] kind=looping
// WHY: subtraction gcd with b = 0 and a = 1 keeps subtracting 0 from a, so a != b forever.
public class NontermGcdZero {
    public static void main(String[] args) {
        int a = args.length;
        int b = args.length > 0 ? args[0].length() : 0;
        while (a != b) {
            if (a > b) {
                a = a - b;
            } else {
                b = b - a;
            }
        }
    }
}
