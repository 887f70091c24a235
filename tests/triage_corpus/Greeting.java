// EXPECT: java.lang.NullPointerException at Greeting.bad:5 level=warning
// A public method that trims its argument: a caller may pass null. good1() checks.
public class Greeting {
    public String bad(String name) throws Throwable {
        return "Hello, " + name.trim();
    }

    public String good1(String name) throws Throwable {
        return "Hello, " + (name == null ? "stranger" : name.trim());
    }
}
