// expect: throws java.lang.NullPointerException
// route: property
// feature: string-methods
// why: app.home is not a standard property, so it is null unless -Dapp.home is given, and its length is taken unchecked.
// input: {}
public class HomeProperty {
    public static void main(String[] args) {
        String home = System.getProperty("app.home");
        System.out.println("home has " + home.length() + " characters"); // THROWS
    }
}
