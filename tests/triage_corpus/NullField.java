// EXPECT: java.lang.NullPointerException at NullField.bad:8
// A field no constructor sets stays null: bad() dereferences it, good1() checks first.
public class NullField {
    private String name;

    public void bad() throws Throwable {
        /* FLAW: name is null after new NullField() */
        IO.writeLine(name.length());
    }

    public void good1() throws Throwable {
        if (name != null) {
            IO.writeLine(name.length());
        }
    }
}
