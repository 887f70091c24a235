// expected: stuck forever — x starts odd and x -= 2 keeps it odd, also with Java's
// wrapping ints (2^32 is even, so a wrap-around keeps the parity): x is never 0.
public class OddStepDown {
    public static void main(String[] args) {
        int x = Integer.parseInt(args[0]);
        System.out.println("ready");
        while (x != 0) {
            x -= 2;
        }
        System.out.println("left the loop: x=" + x);
    }
}
