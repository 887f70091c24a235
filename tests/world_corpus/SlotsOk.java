// expect: safe
// route: args
// feature: assert
// why: the number of free slots is clamped at 0 before the assert, so it always holds.
// input: {"args": ["a", "b", "c", "d"]}
public class SlotsOk {
    public static void main(String[] args) {
        int free = Math.max(0, 3 - args.length);
        assert free >= 0 : "no slot left";
        System.out.println(free + " slots left");
    }
}
