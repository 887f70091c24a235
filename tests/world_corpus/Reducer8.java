// expect: hangs
// route: args
// feature: parse-int
// release: 8
// why: Reducer compiled for Java 8: a number with neither factor 2 nor 3 is left unchanged forever.
// input: {"args": ["5"]}
public class Reducer8 {
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
