// EXPECT: java.lang.StringIndexOutOfBoundsException at Substring.bad:7
// bad() takes a substring past the end of a 3-character string; good1() checks its length.
public class Substring {
    public void bad() throws Throwable {
        String data = "abc";
        int start = 5;
        IO.writeLine(data.substring(start));
    }

    public void good1() throws Throwable {
        String data = "abc";
        int start = 5;
        if (start <= data.length()) {
            IO.writeLine(data.substring(start));
        }
    }
}
