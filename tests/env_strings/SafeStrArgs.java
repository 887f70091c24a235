// EXPECT: none
public class SafeStrArgs {
    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals("7") && Integer.parseInt(args[0]) != 7) {
            throw new IllegalStateException(args[0]);
        }
    }
}
