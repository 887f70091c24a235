// EXPECT: java.lang.NullPointerException at PropertyName.main:7
// The greeting's name comes from the system property "app.user", which may be unset
// (null). The Good twin gives a default; user.name is always set by the JVM.
public class PropertyName {
    public static void main(String[] args) {
        String user = System.getProperty("app.user");
        IO.writeLine(user.toUpperCase());
    }

    public static class Good {
        public static void main(String[] args) {
            String user = System.getProperty("app.user", System.getProperty("user.name"));
            IO.writeLine(user.toUpperCase());
        }
    }
}
