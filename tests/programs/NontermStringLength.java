// EXPECT: NONTERM args=["a"] kind=looping
// WHY: i advances by s.length() - 1, which is 0 for a one-character string, and i < s.length() stays true.
public class NontermStringLength {
    public static void main(String[] args) {
        String s = args.length > 0 ? args[0] : "";
        int i = 0;
        while (i < s.length()) {
            i += s.length() - 1;
        }
    }
}
