// Terminates: "hold" keeps the level for one round and then becomes "down", which lowers
// the level to 0; every other command sets it to 0 at once.
public class StringCommands {
    public static void main(String[] args) {
        String command = args.length > 0 ? args[0] : "down";
        int level = 5;
        while (level > 0) {
            switch (command) {
                case "down":
                    level--;
                    break;
                case "hold":
                    command = "down";
                    break;
                default:
                    level = 0;
            }
        }
    }
}
