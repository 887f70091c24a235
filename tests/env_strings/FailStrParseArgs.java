// EXPECT: java.lang.IllegalArgumentException
public class FailStrParseArgs {
    public static void main(String[] args) {
        if (args.length != 1) {
            return;
        }
        int n;
        try {
            n = Integer.parseInt(args[0]);
        } catch (NumberFormatException e) {
            return;
        }
        if (n * 3 == -21) {
            throw new IllegalArgumentException("n = " + n);
        }
    }
}
