// EXPECT: NONTERM args=["a"] kind=looping stackoverflow=yes
// WHY: spin(n) calls itself with the same n when n is odd, forever on an unbounded stack; a real JVM overflows its stack.
public class RecForever {
    static int spin(int n) {
        if (n % 2 == 0) {
            return n;
        }
        return spin(n);
    }

    public static void main(String[] args) {
        spin(args.length);
    }
}
