// EXPECT: java.lang.NullPointerException at Unboxing.bad:10
// bad() unboxes a missing count; good1() gives a default first.
public class Unboxing {
    private Integer count(boolean known) {
        return known ? Integer.valueOf(3) : null;
    }

    public void bad() throws Throwable {
        Integer boxed = count(false);
        int n = boxed;
        IO.writeLine(n);
    }

    public void good1() throws Throwable {
        Integer boxed = count(false);
        int n = boxed == null ? 0 : boxed;
        IO.writeLine(n);
    }
}
