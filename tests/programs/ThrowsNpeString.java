// EXPECT: THROWS java.lang.NullPointerException args=["abc"]
// WHY: an argument longer than two characters selects the null string, whose length() throws.
public class ThrowsNpeString {
    public static void main(String[] args) {
        String s = "default";
        if (args.length > 0 && args[0].length() > 2) {
            s = null;
        }
        int n = s.length();
        if (n == 0) {
            s = "x";
        }
    }
}
