// expect: throws java.lang.IllegalArgumentException
// route: args
// feature: switch-strings, switch-expression
// why: the switch expression's default branch throws for any command other than start and stop.
// input: {"args": ["restart"]}
public class Commands {
    public static void main(String[] args) {
        String command = args.length > 0 ? args[0] : "start";
        String reply = switch (command) {
            case "start" -> "starting";
            case "stop" -> "stopping";
            default -> throw new IllegalArgumentException("unknown command: " + command); // THROWS
        };
        System.out.println(reply);
    }
}
