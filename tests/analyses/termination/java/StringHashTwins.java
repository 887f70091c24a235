// Hangs for the argument "Aa" (or "BB"): the two commands swap into each other for ever.
// "Aa" and "BB" have the same hashCode() (2112), so only equals tells them apart.
public class StringHashTwins {
    public static void main(String[] args) {
        String command = args.length > 0 ? args[0] : "stop";
        int level = 5;
        while (level > 0) {
            switch (command) {
                case "Aa":
                    command = "BB";
                    break;
                case "BB":
                    command = "Aa";
                    break;
                default:
                    level--;
            }
        }
    }
}
