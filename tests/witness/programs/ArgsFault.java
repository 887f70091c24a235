// Throws when the first argument is exactly "\u00e9t\u00e9" or has length 3.
public class ArgsFault {
    public static void main(String[] args) {
        if (args[0].equals("\u00e9t\u00e9")) {
            throw new IllegalArgumentException("summer"); // @line:summer
        }
        if (args[0].length() == 3) {
            throw new IllegalStateException("three"); // @line:three
        }
    }
}
