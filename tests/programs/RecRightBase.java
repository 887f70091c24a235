// EXPECT: TERMINATES safe=yes twin=RecWrongBase
// WHY: count(n) stops at n <= 0 and steps by 2, so every argument reaches the base case.
public class RecRightBase {
    static int count(int n) {
        if (n <= 0) {
            return 0;
        }
        return 1 + count(n - 2);
    }

    public static void main(String[] args) {
        count(args.length > 0 ? args[0].length() : 2);
    }
}
