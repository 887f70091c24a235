// expect: throws java.lang.IllegalArgumentException
// route: args
// feature: enums
// why: Enum.valueOf throws for a name that is no constant, and the argument is passed to it unchecked.
// input: {"args": ["TRACE"]}
public class LogLevel {
    enum Level { DEBUG, INFO, WARN } // THROWS

    public static void main(String[] args) {
        String name = args.length > 0 ? args[0] : "INFO";
        Level level = Level.valueOf(name); // THROWS
        System.out.println("level " + level.ordinal());
    }
}
