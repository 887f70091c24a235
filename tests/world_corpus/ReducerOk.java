// expect: terminates
// route: args
// feature: parse-int
// why: every round divides n or decrements it, so n above 1 strictly decreases.
// input: {"args": ["5"]}
public class ReducerOk {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        while (n > 1) {
            if (n % 2 == 0) {
                n /= 2;
            } else if (n % 3 == 0) {
                n /= 3;
            } else {
                n--;
            }
        }
        System.out.println("reduced");
    }
}
