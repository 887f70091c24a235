// expect: terminates
// route: property
// feature: integer-getinteger
// why: the step is clamped to 1..100, so the level falls by at least 1 each round.
// input: {"properties": {"step": "0"}}
public class DrainOk {
    public static void main(String[] args) {
        int step = Math.max(1, Math.min(100, Integer.getInteger("step", 1)));
        int level = 100;
        while (level > 0) {
            level -= step;
        }
        System.out.println("empty");
    }
}
