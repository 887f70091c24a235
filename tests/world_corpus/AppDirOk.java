// expect: safe
// route: env
// feature: string-methods
// why: an unset APP_DIR falls back to the current directory before the value is used.
// input: {}
public class AppDirOk {
    public static void main(String[] args) {
        String dir = System.getenv("APP_DIR");
        if (dir == null) {
            dir = ".";
        }
        String config = dir.endsWith("/") ? dir + "app.conf" : dir + "/app.conf";
        System.out.println(config);
    }
}
