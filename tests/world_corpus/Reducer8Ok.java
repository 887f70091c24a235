// expect: terminates
// route: args
// feature: parse-int
// release: 8
// why: ReducerOk compiled for Java 8: every round divides or decrements n.
// input: {"args": ["5"]}
public class Reducer8Ok {
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
