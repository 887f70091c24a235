// EXPECT: java.lang.ArithmeticException at StaticCounter.bad:12
// A static count of registered users starts at 0; bad() divides before anyone registers,
// good1() registers first (register() is the program's own code that sets the count).
public class StaticCounter {
    private static int users;

    public static void register() {
        users++;
    }

    public void bad() throws Throwable {
        IO.writeLine(100 / users);
    }

    public void good1() throws Throwable {
        register();
        IO.writeLine(100 / users);
    }
}
