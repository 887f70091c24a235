// EXPECT: java.lang.StringIndexOutOfBoundsException at StringIndex.bad:6
// bad() reads the character one past the end of a word; good1() reads its last one.
public class StringIndex {
    public void bad() throws Throwable {
        String word = "jhalt";
        IO.writeLine(word.charAt(word.length()));
    }

    public void good1() throws Throwable {
        String word = "jhalt";
        IO.writeLine(word.charAt(word.length() - 1));
    }
}
