// expect: throws java.lang.StringIndexOutOfBoundsException
// route: args
// feature: string-methods
// why: charAt(0) of an empty first argument is out of bounds.
// input: {"args": [""]}
public class Initial {
    public static void main(String[] args) {
        if (args.length == 0) {
            return;
        }
        char first = args[0].charAt(0); // THROWS
        System.out.println("initial " + Character.toUpperCase(first));
    }
}
