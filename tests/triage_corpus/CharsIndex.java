// EXPECT: java.lang.ArrayIndexOutOfBoundsException at CharsIndex.bad:6
// bad() reads the fourth character of a three-letter word's characters; good1() the third.
public class CharsIndex {
    public void bad() throws Throwable {
        char[] letters = "abc".toCharArray();
        IO.writeLine(letters[3]);
    }

    public void good1() throws Throwable {
        char[] letters = "abc".toCharArray();
        IO.writeLine(letters[letters.length - 1]);
    }
}
