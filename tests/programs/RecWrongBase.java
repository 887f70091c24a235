// EXPECT: NONTERM args=["a"] kind=nonlooping stackoverflow=yes twin=RecRightBase
// WHY: count(n) stops only at n == 0 but steps by 2: from an odd n (one argument of length 1) it passes 0 and never stops.
public class RecWrongBase {
    static int count(int n) {
        if (n == 0) {
            return 0;
        }
        return 1 + count(n - 2);
    }

    public static void main(String[] args) {
        count(args.length > 0 ? args[0].length() : 2);
    }
}
