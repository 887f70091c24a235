// expect: terminates
// route: args
// feature: recursion, parse-int
// why: the recursion stops at every n <= 0, and a positive n decreases to it (deep values may overflow the stack, which still ends the run).
// input: {"args": ["-1"]}
public class DepthOk {
    static int depth(int n) {
        return n <= 0 ? 0 : 1 + depth(n - 1);
    }

    public static void main(String[] args) {
        System.out.println(depth(Integer.parseInt(args[0])));
    }
}
