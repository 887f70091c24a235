// Two loops: the first (Euclid by subtraction) terminates only because a and b stay >= 1,
// an inductive invariant; the second (a plain count-down) needs no invariant.
public class GcdThenCount {
    public static void main(String[] args) {
        int a = args.length + 1;
        int b = args.length > 0 ? args[0].length() + 1 : 1;
        while (a != b) {
            if (a > b) {
                a = a - b;
            } else {
                b = b - a;
            }
        }
        int n = args.length;
        while (n > 0) {
            n--;
        }
    }
}
