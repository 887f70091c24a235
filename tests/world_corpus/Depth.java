// expect: hangs
// route: args
// feature: recursion, parse-int
// why: depth(n) recurses on n - 1 until 0; a negative n recurses without end (a StackOverflowError on a real JVM).
// input: {"args": ["-1"]}
public class Depth {
    static int depth(int n) {
        return n == 0 ? 0 : 1 + depth(n - 1);
    }

    public static void main(String[] args) {
        System.out.println(depth(Integer.parseInt(args[0])));
    }
}
