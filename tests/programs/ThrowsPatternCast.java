// EXPECT: THROWS java.lang.ClassCastException args=[] release=17
// WHY: without arguments the object is a String[], not a StringBuilder, and the pattern test fails into a bad cast.
public class ThrowsPatternCast {
    public static void main(String[] args) {
        Object value = args.length > 0 ? new StringBuilder() : args;
        if (value instanceof StringBuilder builder) {
            builder.append('x');
        }
        var forced = (StringBuilder) value;
        forced.append('y');
    }
}
