// EXPECT: java.lang.ClassCastException at BadCast.bad:6
// bad() casts an Integer to String; good1() casts a String.
public class BadCast {
    public void bad() throws Throwable {
        Object data = Integer.valueOf(5);
        String text = (String) data;
        IO.writeLine(text);
    }

    public void good1() throws Throwable {
        Object data = "five";
        String text = (String) data;
        IO.writeLine(text);
    }
}
