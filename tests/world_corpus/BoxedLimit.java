// expect: hangs
// route: args
// feature: autoboxing
// why: i != limit compares two Integer objects by identity; above 127 valueOf gives fresh objects, so for a limit of 1000 they are never the same and the count never stops.
// input: {"args": ["1000"]}
public class BoxedLimit {
    public static void main(String[] args) {
        Integer limit = Integer.valueOf(args[0]);
        Integer i = 0;
        while (i != limit) {
            i++;
        }
        System.out.println("counted to " + i);
    }
}
