// expect: safe
// route: property
// feature: string-methods
// why: user.home is a standard property that every JVM sets, so it is never null.
// input: {}
public class HomePropertyOk {
    public static void main(String[] args) {
        String home = System.getProperty("user.home");
        System.out.println("home has " + home.length() + " characters");
    }
}
