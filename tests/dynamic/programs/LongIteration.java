// expected: stuck — every iteration of the outer loop runs an inner loop of n steps that
// adds 3 to total n times and then takes 3n away again: total, n and the outer loop's
// state repeat exactly. One outer iteration executes about 6n bytecodes (n = 20000:
// over 100,000), and total's symbolic value is updated at every inner step.
public class LongIteration {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int total = 0;
        System.out.println("ready");
        while (true) {
            for (int i = 0; i < n; i++) {
                total += 3;
            }
            total -= 3 * n;
        }
    }
}
