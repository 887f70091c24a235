// EXPECT: THROWS java.lang.ClassCastException args=["x"]
// WHY: with an argument the object is a String, and casting it to StringBuilder fails.
public class ThrowsClassCastString {
    public static void main(String[] args) {
        Object value = args.length > 0 ? (Object) args[0] : new StringBuilder();
        StringBuilder builder = (StringBuilder) value;
        builder.append('!');
    }
}
