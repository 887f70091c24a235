// expect: terminates
// route: args
// feature: parse-int
// why: x steps down by two while positive; it cannot underflow from a positive value, so the loop ends.
// input: {"args": ["7"]}
public class HalverOk {
    public static void main(String[] args) {
        int x = Integer.parseInt(args[0]);
        while (x > 0) {
            x -= 2;
        }
        System.out.println("done");
    }
}
