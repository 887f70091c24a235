// The running example of jhalt's README: a loop over the program arguments that walks
// forward by the length of the current argument. With an empty-string argument it never
// moves on (main [""] hangs); with a missing array entry it would throw.
public class Loop {
    public static void main(String[] args) {
        int position = 0;
        int end = args.length;
        while (position < end) {
            position += args[position].length();
        }
    }
}
