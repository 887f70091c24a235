// expect: safe
// route: args
// feature: string-methods
// why: an empty first argument is answered before charAt(0).
// input: {"args": [""]}
public class InitialOk {
    public static void main(String[] args) {
        if (args.length == 0 || args[0].isEmpty()) {
            return;
        }
        char first = args[0].charAt(0);
        System.out.println("initial " + Character.toUpperCase(first));
    }
}
