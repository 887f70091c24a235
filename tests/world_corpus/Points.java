// expect: throws java.lang.IllegalStateException
// route: args
// feature: records, collections
// why: record equality is by components, so two arguments of the same length give equal points and the duplicate check throws.
// input: {"args": ["a", "b"]}
import java.util.HashSet;
import java.util.Set;

public class Points {
    record Point(int x, int y) {
    }

    public static void main(String[] args) {
        Set<Point> seen = new HashSet<>();
        for (String arg : args) {
            Point p = new Point(arg.length(), 0);
            if (!seen.add(p)) {
                throw new IllegalStateException("duplicate point " + p); // THROWS
            }
        }
        System.out.println(seen.size() + " points");
    }
}
