// EXPECT: TERMINATES safe=yes twin=NontermStringLength
// WHY: the body runs only if s is non-empty and then adds s.length() to i, which ends the loop at once.
public class StringLengthAdvances {
    public static void main(String[] args) {
        String s = args.length > 0 ? args[0] : "";
        int i = 0;
        while (i < s.length()) {
            i += s.length();
        }
    }
}
