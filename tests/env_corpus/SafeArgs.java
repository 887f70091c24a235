// EXPECT: none
public class SafeArgs {
    public static void main(String[] args) {
        if (args.length > 0) {
            System.out.println(args[0].length());
        }
    }
}
