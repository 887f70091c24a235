// EXPECT: java.lang.NullPointerException at ReturnNull.bad:10
// lookup() returns null for an unknown key: bad() uses the result unchecked, good1() checks it.
public class ReturnNull {
    private String lookup(int key) {
        return key == 1 ? "one" : null;
    }

    public void bad() throws Throwable {
        String name = lookup(2);
        IO.writeLine(name.length());
    }

    public void good1() throws Throwable {
        String name = lookup(2);
        if (name != null) {
            IO.writeLine(name.length());
        }
    }
}
