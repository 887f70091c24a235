// expect: safe
// route: args
// feature: enums, foreach
// why: the name is looked up among values() by equals, and an unknown name falls back to INFO.
// input: {"args": ["TRACE"]}
public class LogLevelOk {
    enum Level { DEBUG, INFO, WARN }

    public static void main(String[] args) {
        String name = args.length > 0 ? args[0] : "INFO";
        Level level = Level.INFO;
        for (Level candidate : Level.values()) {
            if (candidate.name().equals(name)) {
                level = candidate;
            }
        }
        System.out.println("level " + level.ordinal());
    }
}
