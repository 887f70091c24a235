// expect: hangs
// route: args
// feature: varargs
// why: the total grows by the varargs sum of the two arguments' lengths minus 2; two one-letter arguments add 0 and the goal is never met.
// input: {"args": ["a", "b"]}
public class Totals {
    static int sum(int... values) {
        int s = 0;
        for (int v : values) {
            s += v;
        }
        return s;
    }

    public static void main(String[] args) {
        if (args.length < 2) {
            return;
        }
        int a = args[0].length() - 1;
        int b = args[1].length() - 1;
        int total = 0;
        while (total < 100) {
            total += sum(a, b);
        }
        System.out.println(total);
    }
}
