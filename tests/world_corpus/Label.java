// expect: throws java.lang.ClassCastException
// route: args
// feature: casts
// why: with two or more arguments the value is an Integer, and it is cast to String unchecked.
// input: {"args": ["a", "b"]}
public class Label {
    static Object value(String[] args) {
        return args.length > 1 ? (Object) Integer.valueOf(args.length) : "single";
    }

    public static void main(String[] args) {
        String label = (String) value(args); // THROWS
        System.out.println(label);
    }
}
