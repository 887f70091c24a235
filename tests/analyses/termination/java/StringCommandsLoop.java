// Hangs for the argument "hold" (or "wait"): "hold" becomes "wait" and "wait" becomes
// "hold" again, and neither changes the level.
public class StringCommandsLoop {
    public static void main(String[] args) {
        String command = args.length > 0 ? args[0] : "down";
        int level = 5;
        while (level > 0) {
            switch (command) {
                case "down":
                    level--;
                    break;
                case "hold":
                    command = "wait";
                    break;
                case "wait":
                    command = "hold";
                    break;
                default:
                    level = 0;
            }
        }
    }
}
