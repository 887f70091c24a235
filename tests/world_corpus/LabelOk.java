// expect: safe
// route: args
// feature: casts, pattern-instanceof
// why: the pattern instanceof only takes the String branch for a String; an Integer is printed as it is.
// input: {"args": ["a", "b"]}
public class LabelOk {
    static Object value(String[] args) {
        return args.length > 1 ? (Object) Integer.valueOf(args.length) : "single";
    }

    public static void main(String[] args) {
        Object v = value(args);
        if (v instanceof String label) {
            System.out.println(label);
        } else {
            System.out.println("count " + v);
        }
    }
}
