// EXPECT: TERMINATES
// WHY: down(n) recurses 100000 times and then returns; on a real JVM the depth may overflow the stack (an exception, still an end).
public class RecDeepFinite {
    static int down(int n) {
        if (n <= 0) {
            return 0;
        }
        return down(n - 1) + 1;
    }

    public static void main(String[] args) {
        down(100000 + args.length);
    }
}
