// EXPECT: NONTERM args=["a"] stackoverflow=yes
// WHY: for a non-empty first argument, walk(s, i) calls itself with the same string and index.
public class ClpRecThroughString {
    static int walk(String s, int i) {
        if (i >= s.length()) {
            return i;
        }
        return walk(s, i);
    }

    public static void main(String[] args) {
        if (args.length > 0) {
            walk(args[0], 0);
        }
    }
}
