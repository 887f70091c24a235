// expect: hangs
// route: property
// feature: integer-getinteger
// why: the step comes from -Dstep via Integer.getInteger; a step of 0 never drains the tank.
// input: {"properties": {"step": "0"}}
public class Drain {
    public static void main(String[] args) {
        int step = Integer.getInteger("step", 1);
        int level = 100;
        while (level > 0) {
            level -= step;
        }
        System.out.println("empty");
    }
}
