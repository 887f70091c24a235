// expect: hangs
// route: args
// feature: switch-strings
// why: the "hold" command neither changes the level nor leaves the loop, so the controller spins forever.
// input: {"args": ["hold"]}
public class Thermostat {
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
                    break;
                default:
                    level = 0;
            }
        }
        System.out.println("heating off");
    }
}
