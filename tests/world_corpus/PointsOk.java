// expect: safe
// route: args
// feature: records, collections
// why: a duplicate point is reported and skipped instead of thrown.
// input: {"args": ["a", "b"]}
import java.util.HashSet;
import java.util.Set;

public class PointsOk {
    record Point(int x, int y) {
    }

    public static void main(String[] args) {
        Set<Point> seen = new HashSet<>();
        for (String arg : args) {
            Point p = new Point(arg.length(), 0);
            if (!seen.add(p)) {
                System.out.println("duplicate point " + p);
            }
        }
        System.out.println(seen.size() + " points");
    }
}
