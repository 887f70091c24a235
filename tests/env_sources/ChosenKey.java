// EXPECT: java.lang.NullPointerException
// without arguments the key is app.mode, which is unset: getProperty returns null
public class ChosenKey {
    public static void main(String[] args) {
        String value = System.getProperty(args.length > 0 ? "user.home" : "app.mode");
        System.out.println(value.length());
    }
}
