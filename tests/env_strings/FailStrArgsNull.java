// EXPECT: java.lang.NullPointerException
public class FailStrArgsNull {
    public static void main(String[] args) {
        if (args.length == 2) {
            args[1] = null;
        }
        int total = 0;
        for (String word : args) {
            total += word.length();
        }
        System.out.println(total);
    }
}
