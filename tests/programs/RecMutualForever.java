// EXPECT: NONTERM args=[] kind=looping stackoverflow=yes
// WHY: ping(n) calls pong(n + 1), which calls ping(n) again: for n >= 0 the pair never returns.
public class RecMutualForever {
    static int ping(int n) {
        if (n < 0) {
            return 0;
        }
        return pong(n + 1);
    }

    static int pong(int n) {
        return ping(n - 1);
    }

    public static void main(String[] args) {
        ping(args.length);
    }
}
