// EXPECT: TERMINATES safe=yes twin=NontermGcdZero
// WHY: a and b start positive and each step subtracts the smaller from the larger, decreasing a + b while both stay positive.
public class GcdPositive {
    public static void main(String[] args) {
        int a = args.length + 1;
        int b = args.length > 0 ? args[0].length() + 1 : 1;
        while (a != b) {
            if (a > b) {
                a = a - b;
            } else {
                b = b - a;
            }
        }
    }
}
