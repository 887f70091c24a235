// expect: terminates
// route: args
// feature: switch-strings
// why: "hold" keeps the level for one round and then turns into "down", so every command brings the level to 0.
// input: {"args": ["hold"]}
public class ThermostatOk {
    public static void main(String[] args) {
        String command = args.length > 0 ? args[0] : "down";
        int level = 5;
        while (level > 0) {
            switch (command) {
                case "down":
                    level--;
                    break;
                case "off":
                    level = 0;
                    break;
                case "hold":
                    command = "down";
                    break;
                default:
                    level = 0;
            }
        }
        System.out.println("heating off");
    }
}
