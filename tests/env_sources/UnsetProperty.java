// EXPECT: java.lang.NullPointerException
// app.mode is not set unless the user passes -Dapp.mode=...
public class UnsetProperty {
    public static void main(String[] args) {
        String mode = System.getProperty("app.mode");
        System.out.println(mode.length());
    }
}
