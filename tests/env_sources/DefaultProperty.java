// EXPECT: none
// getProperty(key, default) returns the default when the property is unset: never null here
public class DefaultProperty {
    public static void main(String[] args) {
        String mode = System.getProperty("app.mode", "development");
        System.out.println(mode.length());
    }
}
