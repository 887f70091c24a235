// EXPECT: java.lang.IllegalStateException
// any first argument of three characters
public class ArgsLength {
    public static void main(String[] args) {
        if (args.length > 0 && args[0].length() == 3) {
            throw new IllegalStateException("three");
        }
        System.out.println(args.length);
    }
}
