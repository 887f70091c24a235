// expect: hangs
// route: args
// feature: parse-int
// why: n is divided by 2 or 3 while it is above 1, but a number with neither factor (5, 7, ...) is left unchanged forever.
// input: {"args": ["5"]}
public class Reducer {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        while (n > 1) {
            if (n % 2 == 0) {
                n /= 2;
            } else if (n % 3 == 0) {
                n /= 3;
            }
        }
        System.out.println("reduced");
    }
}
