// expect: safe
// route: args
// feature: switch-strings, switch-expression
// why: the default branch answers with the usage text instead of throwing.
// input: {"args": ["restart"]}
public class CommandsOk {
    public static void main(String[] args) {
        String command = args.length > 0 ? args[0] : "start";
        String reply = switch (command) {
            case "start" -> "starting";
            case "stop" -> "stopping";
            default -> "usage: start | stop";
        };
        System.out.println(reply);
    }
}
