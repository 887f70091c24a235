// EXPECT: none
public class SafeStrArgsLength {
    public static void main(String[] args) {
        int total = args.length > 0 ? args[0].length() : -1;
        if (args.length > 1 && args[1].isEmpty()) {
            total = 0;
        }
        System.out.println(total);
    }
}
