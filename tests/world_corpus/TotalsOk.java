// expect: terminates
// route: args
// feature: varargs
// why: the loop is entered only when the varargs sum is positive, so the total climbs to 100.
// input: {"args": ["a", "b"]}
public class TotalsOk {
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
        int step = sum(a, b);
        if (step <= 0) {
            return;
        }
        int total = 0;
        while (total < 100) {
            total += step;
        }
        System.out.println(total);
    }
}
