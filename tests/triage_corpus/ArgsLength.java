// EXPECT: java.lang.StringIndexOutOfBoundsException at ArgsLength.main:8
// The first argument's initial: an empty argument ("") has none. The Good twin checks.
public class ArgsLength {
    public static void main(String[] args) {
        if (args.length == 0) {
            return;
        }
        IO.writeLine(args[0].charAt(0));
    }

    public static class Good {
        public static void main(String[] args) {
            if (args.length == 0 || args[0].isEmpty()) {
                return;
            }
            IO.writeLine(args[0].charAt(0));
        }
    }
}
