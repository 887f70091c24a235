// expect: throws java.lang.NullPointerException
// route: env
// feature: string-methods
// why: System.getenv returns null when APP_DIR is not set, and the value is used unchecked.
// input: {}
public class AppDir {
    public static void main(String[] args) {
        String dir = System.getenv("APP_DIR");
        String config = dir.endsWith("/") ? dir + "app.conf" : dir + "/app.conf"; // THROWS
        System.out.println(config);
    }
}
