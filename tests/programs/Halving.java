// EXPECT: TERMINATES safe=yes
// WHY: n > 1 halves n (strictly smaller), so it reaches 1 or 0 after about log2(n) steps.
public class Halving {
    public static void main(String[] args) {
        int n = 1;
        for (int k = 0; k < args.length; k++) {
            n += 10 * args[k].length();
        }
        int steps = 0;
        while (n > 1) {
            n = n / 2;
            steps++;
        }
    }
}
